export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'dangerGhost';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-white hover:bg-accent-strong',
  secondary: 'border border-line bg-surface text-ink hover:border-accent hover:text-accent',
  ghost: 'text-accent hover:bg-accent-soft',
  /** The confirmed, destructive step, e.g. 'Yes, delete site'. */
  danger: 'bg-danger text-white hover:bg-danger/90',
  /** A destructive choice that asks again before acting, e.g. 'Delete site'. */
  dangerGhost: 'text-danger hover:bg-danger/10',
};

/** Shared by Button and by links that look like buttons, so both stay in step. */
export const buttonStyles = (variant: ButtonVariant = 'primary', className = ''): string =>
  `${base} ${variants[variant]} ${className}`.trim();
