import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { wrapFocus } from './focusWrap.js';
import './controls/modal.css';

/** A modal dialog's handle: the ref for its element and a `close()` that closes it (the dialog's `onClose` then runs). */
export interface Modal {
  dialogRef: RefObject<HTMLDialogElement | null>;
  close: () => void;
}

/**
 * Opens the `<dialog>` given `dialogRef` as a modal once it is mounted (so a dialog
 * component exists only while open); returns the ref for `ModalDialog` and `close`.
 */
export function useModal(): Modal {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = useCallback(() => dialogRef.current?.close(), []);
  return { dialogRef, close };
}

/**
 * The shell of a modal `<dialog>` (native: Escape closes it and focus returns to
 * the control that opened it; Tab wraps inside it, `wrapFocus`), labelled by its
 * `<h2>` title; `onClose` runs however it closed (Escape, Cancel, `modal.close()`).
 */
export function ModalDialog({
  dialogRef,
  title,
  titleClassName,
  boxClassName = 'modal-box',
  onClose,
  children,
}: {
  dialogRef: Modal['dialogRef'];
  title: ReactNode;
  titleClassName: string;
  boxClassName?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={titleId} onClose={onClose} onKeyDown={wrapFocus}>
      <div className={boxClassName}>
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** A modal form's button row: 'Cancel' (`onCancel`, the modal's `close`), then `children` (the submit button). */
export function ModalActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="modal-action">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      {children}
    </div>
  );
}

/**
 * A labelled textarea of a modal form (the multi-line sibling of FormCard.tsx's `Field`):
 * `label` may change with the form (e.g. '(optional)' dropped when it becomes required);
 * `maxLength` is in characters (the contract's LIMITS).
 */
export function TextAreaField({
  id,
  label,
  ...textarea
}: {
  id: string;
  label: ReactNode;
  name: string;
  rows: number;
  maxLength: number;
  required?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <textarea id={id} className="input field-text w-full" {...textarea} />
    </div>
  );
}
