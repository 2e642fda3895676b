import { useId } from 'react';
import { FigureCards } from '../../../../lib/proof/figure-cards';
import { SALES_FIGURES, useBackedFigures } from '../../../../lib/proof/proof-figures';

/**
 * SPEC §2 personal-plan benefits, as figures Stillpoint can back, each with its source
 * (docs/funnel.md "Figures and their sources"): up to four, never fewer than the study's two.
 */
export function BenefitClaims() {
  const headingId = useId();
  const figures = useBackedFigures(SALES_FIGURES, 4);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-center text-xl font-semibold tracking-tight text-ink">
        What the numbers say
      </h2>
      <FigureCards figures={figures} />
    </section>
  );
}
