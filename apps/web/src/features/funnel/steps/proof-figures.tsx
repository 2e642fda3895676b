import type { FigureId } from '@stillpoint/core';
import { FigureCards } from '../../../lib/proof/figure-cards';
import { useBackedFigures } from '../../../lib/proof/proof-figures';

/**
 * The figures a funnel step wants, of those that can be backed now, each with its source
 * (docs/funnel.md "Figures and their sources"); each step's list ends with one the study always
 * backs, so no step is left without.
 */
export function ProofFigures({ wanted, max }: { wanted: readonly FigureId[]; max?: number }) {
  return <FigureCards figures={useBackedFigures(wanted, max)} />;
}
