import { useId } from 'react';
import { FigureCards } from './figure-cards';
import { SALES_FIGURES, useBackedFigures } from './proof-figures';

/**
 * /checkout's and /quiz-results' figures, each with its source (docs/funnel.md "Figures and their
 * sources"): up to four, and never fewer than the study's two, so the section is whole on a new
 * server. No quotes from people: there are none Stillpoint may show yet.
 */
export function BackedFigures() {
  const headingId = useId();
  const figures = useBackedFigures(SALES_FIGURES, 4);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink">
        What the numbers say
      </h2>
      <FigureCards figures={figures} />
    </section>
  );
}
