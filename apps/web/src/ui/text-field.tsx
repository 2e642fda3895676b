import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** A line under the field that explains it; read with the field by screen readers. */
  hint?: ReactNode;
  /** What is wrong with the value; marks the field invalid and is announced. */
  error?: string | null;
}

/** A labelled input with an optional hint and error, both tied to it with aria-describedby. */
export function TextField({ label, hint, error, className = '', ...props }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${className}`.trim()}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        className="min-h-11 rounded-xl border border-line bg-surface px-3.5 text-base text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent disabled:opacity-60 read-only:bg-paper read-only:text-muted aria-invalid:border-danger"
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <p id={errorId} role="alert" className="text-sm font-medium text-danger empty:hidden">
        {error}
      </p>
    </div>
  );
}
