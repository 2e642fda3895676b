/** A quiet initial in place of a favicon, which would mean asking a third party about the site. */
export function SiteMonogram({ host, active }: { host: string; active: boolean }) {
  const letter =
    host
      .replace(/^www\./, '')
      .charAt(0)
      .toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={`hidden size-10 shrink-0 place-items-center rounded-xl sm:grid text-base font-semibold transition-colors ${
        active ? 'bg-accent-soft text-accent' : 'bg-paper text-muted'
      }`}
    >
      {letter}
    </span>
  );
}
