import { type BackedFigure, type FigureId, pickFigures, proofFigures } from '@stillpoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/**
 * What the selling pages show ("What the numbers say": the personal-plan paywall, /checkout,
 * /quiz-results): Stillpoint's own figures first (the store rating, the pauses it counted), then
 * the study's.
 */
export const SALES_FIGURES: readonly FigureId[] = [
  'storeRating',
  'pausesTaken',
  'turnedBackShare',
  'studyClosedAgain',
  'studyFewerOpenings',
];

/**
 * GET getProofFigures: what the server backs (the pauses it counted, past core's minimum, and the
 * configured store rating). The server counts at most every few minutes, so a page reads it once.
 */
export const proofFiguresQuery = () =>
  queryOptions({
    queryKey: ['proofFigures'],
    // The API client loads with the question, not with the page: the landing draws without it.
    queryFn: async ({ signal }) => (await import('../api')).callApi('getProofFigures', undefined, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * The figures a place wants that can be backed now, in its order, up to `max`. The study's are
 * there from the first render; the server's join them once it answers (never in a drawing made at
 * build time, which has no server to ask), and without an answer they are simply not shown.
 */
export function useBackedFigures(wanted: readonly FigureId[], max = wanted.length): BackedFigure[] {
  const { data } = useQuery(proofFiguresQuery());
  const key = wanted.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `wanted`, often a new array each render.
  return useMemo(() => pickFigures(proofFigures(data), wanted, max), [data, key, max]);
}
