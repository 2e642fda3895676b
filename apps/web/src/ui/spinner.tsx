interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading', className = 'size-8' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <span
        aria-hidden="true"
        className={`${className} animate-spin rounded-full border-[3px] border-accent-soft border-t-accent`}
      />
    </span>
  );
}
