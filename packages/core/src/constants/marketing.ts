/**
 * The figures Stillpoint shows as facts, each with where it comes from (docs/funnel.md "Figures and
 * their sources"). There are three places a figure may come from, and no other:
 *
 * - **counted**: the server counts it from Stillpoint's own records (the pauses of
 *   `intercept_outcome`), and answers it only once there is enough to count (MIN_PAUSES_FOR_FIGURES
 *   from MIN_PEOPLE_FOR_FIGURES people);
 * - **store**: the operator sets a store rating in the server's configuration with the store it was
 *   read from (STORE_RATING, STORE_RATING_COUNT, STORE_RATING_SOURCE);
 * - **study**: published research, cited with a link (one sec's PNAS 2023 study), worded as the
 *   study found it and about the app it studied.
 *
 * A figure without a usable source is refused (`backedFigure` answers null) and so is not shown.
 */
import { STORE_NAMES, STORE_RATING_SOURCES, type StoreRatingSource } from './store-ratings';

// The stores are their own module so the API schemas can name them without this one.
export { STORE_NAMES, STORE_RATING_SOURCES, type StoreRatingSource } from './store-ratings';

/** Below this many pauses a count or a share says little, so it is not answered or shown. */
export const MIN_PAUSES_FOR_FIGURES = 1000;
/** ...and they must come from at least this many people: one busy person is not "Stillpoint's pauses". */
export const MIN_PEOPLE_FOR_FIGURES = 20;

/** Every pause ever recorded, as the server counts them (getProofFigures). */
export interface PauseTotals {
  /** Pauses shown, whatever came of them. */
  pauses: number;
  /** Of those, the ones ended by turning back ("nevermind", or leaving the pause). */
  turnedBack: number;
}

/** A store rating as the operator configured it (getProofFigures). */
export interface StoreRating {
  /** The average, 1 to 5, one decimal. */
  rating: number;
  /** How many ratings the average is of. */
  ratings: number;
  store: StoreRatingSource;
  /** The store page where the rating can be seen. */
  url: string;
}

/** What the server answers for the figures it can back; null where it has none. */
export interface ProofFiguresData {
  pauses: PauseTotals | null;
  storeRating: StoreRating | null;
}

export type FigureSource =
  | { kind: 'counted'; label: string }
  | { kind: 'store'; label: string; url: string }
  | { kind: 'study'; label: string; url: string; title: string };

export type FigureId =
  | 'storeRating'
  | 'pausesTaken'
  | 'turnedBackShare'
  | 'studyClosedAgain'
  | 'studyFewerOpenings'
  | 'studyTurnBackOption';

export interface BackedFigure {
  id: FigureId;
  /** The number, drawn large ('36%'); null for a finding cited without one. */
  figure: string | null;
  /** What the number is of, read after it ("of pauses ended with turning back"). */
  text: string;
  source: FigureSource;
}

/** The one published study cited: one sec, an app that pauses before a chosen app opens. */
export const ONE_SEC_STUDY = {
  authors: 'Grüning, Riedel and Lorenz-Spreen',
  title: 'Directing smartphone use through the self-nudge app one sec',
  journal: 'PNAS 120(8), e2213114120 (2023)',
  url: 'https://doi.org/10.1073/pnas.2213114120',
} as const;

const oneSecStudy: FigureSource = {
  kind: 'study',
  label: 'Study of the app one sec, PNAS 2023',
  url: ONE_SEC_STUDY.url,
  title: `${ONE_SEC_STUDY.authors}, "${ONE_SEC_STUDY.title}", ${ONE_SEC_STUDY.journal}`,
};

const isBlank = (text: string | null | undefined) => !text || text.trim() === '';

/** A https link with a host (core runs without the URL class in every program's build). */
const isHttpsUrl = (value: string): boolean => /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i.test(value);

function isUsableSource(source: FigureSource | null | undefined): source is FigureSource {
  if (!source || isBlank(source.label)) return false;
  if (source.kind === 'counted') return true;
  if (source.kind === 'study' && isBlank(source.title)) return false;
  return isHttpsUrl(source.url);
}

/**
 * The figure as given when it has a source that can be shown (a label, and for a store or a study
 * a https link), else null: a claim without a source is not shown.
 */
export function backedFigure(
  candidate: Omit<BackedFigure, 'source'> & { source?: FigureSource | null },
): BackedFigure | null {
  const { source } = candidate;
  if (!isUsableSource(source) || isBlank(candidate.text)) return null;
  if (candidate.figure !== null && isBlank(candidate.figure)) return null;
  return { ...candidate, source };
}

/**
 * What the one sec study found (its abstract): 280 people over six weeks. Worded about one sec and
 * the study, never as what Stillpoint does.
 */
export const STUDY_FIGURES: readonly BackedFigure[] = [
  {
    id: 'studyClosedAgain',
    figure: '36%',
    text: "of attempts to open a chosen app ended with it closed again after one sec's pause, in a six-week study",
    source: oneSecStudy,
  },
  {
    id: 'studyFewerOpenings',
    figure: '57%',
    text: 'fewer openings of the apps people chose, after six weeks of one sec',
    source: oneSecStudy,
  },
  {
    id: 'studyTurnBackOption',
    figure: null,
    text: "In one sec's study, of the pause's parts, the option to turn back reduced use the most; the short wait reduced it too.",
    source: oneSecStudy,
  },
];

/** 12345 → '12,345', without Intl (a first Intl format costs a page tens of milliseconds). */
export const groupedCount = (count: number): string =>
  String(Math.floor(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const isCount = (value: number) => Number.isInteger(value) && value >= 0;

/**
 * Whether counted pauses say enough to be shown: at least MIN_PAUSES_FOR_FIGURES of them, from at
 * least MIN_PEOPLE_FOR_FIGURES people. The server asks this before it answers any totals.
 */
export const pauseTotalsAreMeaningful = (totals: { pauses: number; people: number }): boolean =>
  totals.pauses >= MIN_PAUSES_FOR_FIGURES && totals.people >= MIN_PEOPLE_FOR_FIGURES;

/** The pauses counted and the share turned back, or none below the minimum. */
export function pauseFigures(totals: PauseTotals | null | undefined): BackedFigure[] {
  if (!totals || !isCount(totals.pauses) || !isCount(totals.turnedBack)) return [];
  if (totals.pauses < MIN_PAUSES_FOR_FIGURES || totals.turnedBack > totals.pauses) return [];
  // Rounded down, so the share never says more than was counted; whole numbers first, so 29 of 100
  // is 29%, not the 28.999...% of floating point.
  const share = Math.floor((totals.turnedBack * 100) / totals.pauses);
  const counted = (label: string): FigureSource => ({ kind: 'counted', label });
  return [
    backedFigure({
      id: 'pausesTaken',
      figure: groupedCount(totals.pauses),
      text: 'pauses taken with Stillpoint so far',
      source: counted('Counted by Stillpoint from every pause'),
    }),
    backedFigure({
      id: 'turnedBackShare',
      figure: `${share}%`,
      text: 'of Stillpoint pauses ended with turning back',
      source: counted(`Counted by Stillpoint from ${groupedCount(totals.pauses)} pauses`),
    }),
  ].filter((figure) => figure !== null);
}

/** A configured store rating with its count and store, or null when any part is missing or off. */
export function storeRatingFigure(rating: StoreRating | null | undefined): BackedFigure | null {
  if (!rating || !STORE_RATING_SOURCES.includes(rating.store)) return null;
  if (!(rating.rating >= 1 && rating.rating <= 5) || !isCount(rating.ratings) || rating.ratings < 1)
    return null;
  const ratings = `${groupedCount(rating.ratings)} ${rating.ratings === 1 ? 'rating' : 'ratings'}`;
  return backedFigure({
    id: 'storeRating',
    figure: rating.rating.toFixed(1),
    text: 'average rating',
    source: { kind: 'store', label: `${ratings} on ${STORE_NAMES[rating.store]}`, url: rating.url },
  });
}

/** Every figure that can be backed now: the server's (when it has any), then the study's. */
export function proofFigures(data: ProofFiguresData | null | undefined): BackedFigure[] {
  const rating = storeRatingFigure(data?.storeRating);
  return [...(rating ? [rating] : []), ...pauseFigures(data?.pauses), ...STUDY_FIGURES];
}

/** Up to `max` of the figures named in `wanted`, in that order; the ones not available are skipped. */
export function pickFigures(
  available: readonly BackedFigure[],
  wanted: readonly FigureId[],
  max = wanted.length,
): BackedFigure[] {
  const byId = new Map(available.map((figure) => [figure.id, figure]));
  return wanted
    .map((id) => byId.get(id))
    .filter((figure) => figure !== undefined)
    .slice(0, max);
}
