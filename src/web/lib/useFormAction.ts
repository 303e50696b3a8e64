import { useState, type FormEvent } from 'react';
import { toastFailure } from './toast.js';

/**
 * A form's submit handler with a busy flag (the submit button is disabled while
 * it runs): `action` gets the form's data and the form; a thrown error shows its
 * message in an error toast (SPEC.md §8).
 */
export function useFormAction(action: (data: FormData, form: HTMLFormElement) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  async function submit(form: HTMLFormElement) {
    setBusy(true);
    try {
      await action(new FormData(form), form);
    } catch (err) {
      toastFailure(err);
    } finally {
      setBusy(false);
    }
  }
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void submit(e.currentTarget);
  };
  return { busy, onSubmit };
}

/** A form field's trimmed text (`''` when absent). */
export function field(data: FormData, name: string): string {
  return String(data.get(name) ?? '').trim();
}
