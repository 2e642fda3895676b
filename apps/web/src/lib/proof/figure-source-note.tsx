import type { FigureSource } from '@stillpoint/core';

/** Where a figure comes from, under it: a store page or the study linked, Stillpoint's own count named. */
export function FigureSourceNote({ source, className = '' }: { source: FigureSource; className?: string }) {
  return (
    <span className={`text-xs text-muted ${className}`}>
      Source:{' '}
      {source.kind === 'counted' ? (
        source.label
      ) : (
        <a
          href={source.url}
          target="_blank"
          rel="noopener noreferrer"
          title={source.kind === 'study' ? source.title : undefined}
          className="underline decoration-line underline-offset-2 hover:text-ink"
        >
          {source.label}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </span>
  );
}
