import { useId } from 'react';

interface PopularSiteChipsProps {
  /** The popular sites not yet intercepted or typed. */
  sites: readonly string[];
  disabled: boolean;
  onPick(site: string): void;
}

/** 'Popular choices': one tap puts a site into a row. Nothing shows once all are taken. */
export function PopularSiteChips({ sites, disabled, onPick }: PopularSiteChipsProps) {
  const headingId = useId();
  if (sites.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h2 id={headingId} className="text-sm font-medium text-muted">
        Popular choices
      </h2>
      <ul aria-labelledby={headingId} className="flex flex-wrap gap-2">
        {sites.map((site) => (
          <li key={site}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(site)}
              aria-label={`Add ${site}`}
              className="min-h-11 rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink hover:border-accent hover:text-accent disabled:opacity-50"
            >
              + {site}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
