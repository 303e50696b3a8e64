import type { HTMLInputAutoCompleteAttribute, ReactNode, Ref } from 'react';

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
  type: 'text' | 'email' | 'password' | 'url' | 'date' | 'number';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'numeric' | 'decimal';
  /** Bounds of a number or date input, and a number input's step. */
  min?: number | string;
  max?: number | string;
  step?: number | 'any';
  placeholder?: string;
  defaultValue?: string | number;
  /** Classes of the field's wrapper, e.g. a grid column span. */
  className?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  hint?: string;
  /** Shown below the input, e.g. a link ('Forgot password?'). */
  after?: ReactNode;
  /** The input element (React 19 passes `ref` as a prop), for forms that fill it in code. */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input (DESIGN.md "Client": every form control has a visible label), with an optional hint below it. */
export function Field({ id, label, hint, after, className = '', ...input }: FieldProps) {
  return (
    <div className={className ? `flex flex-col gap-1 ${className}` : 'flex flex-col gap-1'}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} className="input input-bordered w-full" {...input} />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {after}
    </div>
  );
}

/**
 * A framed group of a food form's fields, spanning both columns from `md`: a bordered box titled by its `legend`
 * (Pickup windows, Repeat every week, Days of this regular offer); `describedBy` names the hint it holds.
 */
export function FramedFieldset({ legend, describedBy, children }: { legend: ReactNode; describedBy?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-1.5 text-xs md:col-span-2 rounded-box border border-base-300 p-4" aria-describedby={describedBy}>
      <legend className="-mb-1 py-2 text-base-content font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
