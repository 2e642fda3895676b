import { Star } from 'lucide-react';

export interface ProofFigure {
  figure: string;
  text: string;
}

/**
 * The product's figures (SPEC §9 marketing claims), drawn large. They are what Stillpoint stands
 * behind, not quotes from people (decision 020).
 */
export function ProofFigures({ figures, rating }: { figures: readonly ProofFigure[]; rating?: string }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {rating ? (
        <li className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-5">
          <span className="text-4xl font-semibold tracking-tight text-ink">{rating}</span>
          <span className="flex flex-col gap-1">
            <span className="flex gap-0.5" aria-hidden="true">
              {[0, 1, 2, 3, 4].map((star) => (
                <Star key={star} className="size-4 fill-amber-500 text-amber-500" />
              ))}
            </span>
            <span className="text-sm text-muted">
              <span className="sr-only">Rated {rating} out of 5: </span>average rating
            </span>
          </span>
        </li>
      ) : null}
      {figures.map(({ figure, text }) => (
        <li key={text} className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-5">
          <span className="text-4xl font-semibold tracking-tight text-accent-strong">{figure}</span>
          <span className="text-sm text-muted">{text}</span>
        </li>
      ))}
    </ul>
  );
}
