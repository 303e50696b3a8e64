/**
 * Confirm and success popups of SPEC.md §8 with SweetAlert2, loaded only when a
 * popup is first shown (DESIGN.md "Weight budget").
 */
import { t } from '@lingui/core/macro';
import type { SweetAlertIcon } from 'sweetalert2';

async function loadSwal() {
  const { default: Swal } = await import('sweetalert2');
  // Button colours with AA contrast against their white text.
  return Swal.mixin({ confirmButtonColor: '#4338ca', cancelButtonColor: '#4b5563' });
}

/** Success popup that closes itself after 2000 ms, with no button (SPEC.md §9). */
export async function successPopup(title: string, text?: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ icon: 'success', title, text, timer: 2000, showConfirmButton: false });
}

/** Informational popup with an OK button, e.g. 'Cancelled' / 'The Food remains safe'. */
export async function infoPopup(title: string, text: string, icon: SweetAlertIcon = 'info'): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ icon, title, text, confirmButtonText: t`OK` });
}

/** Outcome of a confirmation: confirmed, or dismissed (cancel button, Escape, backdrop). */
export type ConfirmResult = 'confirmed' | 'dismissed';

/** Warning popup with a confirm and a cancel button. */
export async function confirmPopup(options: {
  title: string;
  text?: string;
  confirmButtonText: string;
}): Promise<ConfirmResult> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    icon: 'warning',
    title: options.title,
    text: options.text,
    showCancelButton: true,
    confirmButtonText: options.confirmButtonText,
    cancelButtonText: t`Cancel`,
    focusCancel: true,
  });
  return result.isConfirmed ? 'confirmed' : 'dismissed';
}
