import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';

/** The centred card of the sign-in pages, titled by an `h1` (as /login and /register). */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="card border border-base-200 bg-base-100 shadow-lg">
        <div className="card-body gap-5">
          <h1 className="text-center text-3xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}

/** Props of {@link Field}: a visible label, the input's name, and the usual input attributes. */
export interface FieldProps {
  id: string;
  label: string;
  name: string;
  type: 'text' | 'email' | 'password' | 'url';
  autoComplete: HTMLInputAutoCompleteAttribute;
  required?: boolean;
  defaultValue?: string;
  minLength?: number;
  maxLength?: number;
  hint?: string;
}

/** A labelled input (DESIGN.md "Client": every form control has a visible label), with an optional hint below it. */
export function Field({ id, label, hint, ...input }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} className="input input-bordered w-full" {...input} />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
          {hint}
        </p>
      )}
    </div>
  );
}
