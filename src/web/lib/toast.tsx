/**
 * Toasts (react-hot-toast, whose defaults are SPEC.md §9's timings) loaded on
 * first use, so the library is not part of the home page's initial JS
 * (DESIGN.md "Weight budget"). `<LazyToaster/>` mounts the toast host once the
 * first toast is asked for; toasts raised before it mounts wait in
 * react-hot-toast's store and show as soon as it does.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

type ToastModule = typeof import('react-hot-toast');
type ToastOptions = { id?: string };

let loading: Promise<ToastModule> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function load(): Promise<ToastModule> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loading ??= import('react-hot-toast');
  return loading;
}

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  load().then(
    ({ default: toast }) => void toast[kind](message, options),
    (err: unknown) => console.error(err),
  );
}

/** Shows a success toast (2000 ms). */
export function toastSuccess(message: string, options?: ToastOptions): void {
  show('success', message, options);
}

/** Shows an error toast (4000 ms). Toasts with the same `id` replace each other. */
export function toastError(message: string, options?: ToastOptions): void {
  show('error', message, options);
}

/**
 * Shows a failure's message in an error toast (SPEC.md §8: failed user actions show the error's message): an
 * API problem in the interface's language by its code (`lib/problemText.ts`, loaded with the first failure).
 */
export function toastFailure(err: unknown, options?: ToastOptions): void {
  void load();
  import('./problemText.js')
    .then(({ loadedFailureText }) => loadedFailureText(err))
    .then(
      (text) => toastError(text, options),
      () => toastError(err instanceof Error ? err.message : String(err), options),
    );
}

const Toaster = lazy(() => load().then((m) => ({ default: m.Toaster })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The single toast host; renders nothing until the first toast. */
export function LazyToaster() {
  const show = useSyncExternalStore(subscribe, () => wanted, () => false);
  return show ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
