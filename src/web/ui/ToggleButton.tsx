import type { ReactNode } from 'react';

/**
 * A toggle button (`aria-pressed`) whose pressed state does not rest on colour alone
 * (WCAG 1.4.1): pressed, it is filled dark (daisyUI `btn-neutral`, well over 3:1 against
 * the unpressed white) and shows a check mark before its text; unpressed, it is outlined.
 * The check mark is hidden from assistive technology, so the name is `children` alone.
 */
export function ToggleButton({
  pressed,
  onClick,
  disabled,
  className = '',
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-pressed={pressed} disabled={disabled} onClick={onClick} className={`btn ${pressed ? 'btn-neutral' : 'btn-outline'} ${className}`}>
      {pressed && (
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 8.5 6.5 12 13 4.5" />
        </svg>
      )}
      {children}
    </button>
  );
}
