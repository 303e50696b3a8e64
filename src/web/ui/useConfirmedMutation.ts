import type { UseMutationResult } from '@tanstack/react-query';
import { confirmPopup, infoPopup, successPopup } from './popups.js';

/** A popup's title and optional text. */
export type PopupText = [title: string, text?: string];

/** What {@link useConfirmedMutation} asks, and what it shows after. */
export interface ConfirmedMutationOptions<R> {
  /** The confirmation popup (SPEC.md §8). */
  confirm: { title: string; text?: string; confirmButtonText: string };
  /** Info popup shown when the user dismisses the confirmation; none when absent. */
  dismissed?: [title: string, text: string];
  /** The success popup for the mutation's answer, or null to show none (e.g. nothing was deleted). */
  success: (result: R) => PopupText | null;
}

/**
 * The row actions of the table pages (SPEC.md §8): confirm → mutate → success
 * popup. Failures go through the query cache's global policy (an error toast).
 * `run(v)` starts it for `v`; `busy(v)` is true while the mutation for `v` runs.
 */
export function useConfirmedMutation<V, R>(mutation: UseMutationResult<R, Error, V>, options: ConfirmedMutationOptions<R>) {
  async function run(variables: V): Promise<void> {
    if ((await confirmPopup(options.confirm)) !== 'confirmed') {
      if (options.dismissed) void infoPopup(...options.dismissed);
      return;
    }
    mutation.mutate(variables, {
      onSuccess: (result) => {
        const popup = options.success(result);
        if (popup) void successPopup(...popup);
      },
    });
  }
  const busy = (variables: V) => mutation.isPending && mutation.variables === variables;
  return { run, busy };
}
