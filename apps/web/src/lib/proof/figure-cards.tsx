import type { BackedFigure } from '@stillpoint/core';
import { BookOpen } from 'lucide-react';
import { FigureSourceNote } from './figure-source-note';
import { RatingStars } from './rating-stars';

/**
 * Figures as cards, each with its source (core's BackedFigure: nothing without one reaches here).
 * One column on phones, two from `sm` up; an odd last card takes the whole row, so any number of
 * them, one included, makes a finished block.
 */
export function FigureCards({ figures }: { figures: readonly BackedFigure[] }) {
  if (figures.length === 0) return null;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:[&>li:last-child:nth-child(odd)]:col-span-2">
      {figures.map((figure) => (
        <FigureCard key={figure.id} figure={figure} />
      ))}
    </ul>
  );
}

function FigureCard({ figure }: { figure: BackedFigure }) {
  const rating = figure.id === 'storeRating' && figure.figure !== null ? Number(figure.figure) : null;
  return (
    <li data-figure={figure.id} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5">
      {figure.figure === null ? (
        <BookOpen aria-hidden="true" className="size-6 text-accent-strong" />
      ) : (
        <span className="flex items-center gap-3">
          <span className="text-3xl font-semibold tracking-tight text-accent-strong">{figure.figure}</span>
          {rating === null ? null : <RatingStars rating={rating} />}
        </span>
      )}
      <span className={figure.figure === null ? 'text-ink' : 'text-sm text-ink'}>
        {rating === null ? null : <span className="sr-only">Rated {figure.figure} out of 5: </span>}
        {figure.text}
      </span>
      <FigureSourceNote source={figure.source} className="mt-auto" />
    </li>
  );
}
