interface ProgressBarProps {
  /** 0-100; values outside are clamped, so an overrun still draws a full bar. */
  percent: number;
  label: string;
  /** Over budget: the bar turns red (SPEC §2 phone card). */
  tone?: 'accent' | 'danger';
}

export function ProgressBar({ percent, label, tone = 'accent' }: ProgressBarProps) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-line"
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none ${tone === 'danger' ? 'bg-danger' : 'bg-accent'}`}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
