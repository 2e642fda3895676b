import type { ComponentPropsWithRef } from 'react';
import { type ButtonVariant, buttonStyles } from './button-styles';

interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  /**
   * Busy: marks the button aria-busy, shows a spinner and blocks clicks while the action runs.
   * The label stays, so screen readers still hear what is in progress.
   */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonStyles(variant, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {children}
    </button>
  );
}
