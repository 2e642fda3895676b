/** The Stillpoint mark: still rings around a point. Decorative; the wordmark beside it is the label. */
export function LogoMark({ className = 'size-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <circle cx="16" cy="16" r="15" className="fill-accent" />
      <circle cx="16" cy="16" r="9" fill="none" strokeWidth="2" className="stroke-paper" />
      <circle cx="16" cy="16" r="3" className="fill-paper" />
    </svg>
  );
}
