/** A rule with 'or' in the middle, between two ways of doing the same thing. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-muted">
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
      <span>or</span>
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
    </div>
  );
}
