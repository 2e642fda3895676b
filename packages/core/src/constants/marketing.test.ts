import { describe, expect, it } from 'vitest';
import {
  type BackedFigure,
  backedFigure,
  groupedCount,
  MIN_PAUSES_FOR_FIGURES,
  MIN_PEOPLE_FOR_FIGURES,
  ONE_SEC_STUDY,
  pauseFigures,
  pauseTotalsAreMeaningful,
  pickFigures,
  proofFigures,
  STUDY_FIGURES,
  type StoreRating,
  storeRatingFigure,
} from './marketing';

const rating = (overrides: Partial<StoreRating> = {}): StoreRating => ({
  rating: 4.6,
  ratings: 1234,
  store: 'app-store',
  url: 'https://apps.apple.com/app/id1234567890',
  ...overrides,
});

const ids = (figures: readonly BackedFigure[]) => figures.map((figure) => figure.id);
const studyIds = ['studyClosedAgain', 'studyFewerOpenings', 'studyTurnBackOption'];

describe('a figure shown as a fact', () => {
  const claim = { id: 'pausesTaken' as const, figure: '10M+', text: 'sessions stopped' };

  it('is refused without a source', () => {
    expect(backedFigure(claim)).toBeNull();
    expect(backedFigure({ ...claim, source: null })).toBeNull();
  });

  it('is refused with a source that cannot be shown: no label, or no https link where one is due', () => {
    expect(backedFigure({ ...claim, source: { kind: 'counted', label: '  ' } })).toBeNull();
    expect(backedFigure({ ...claim, source: { kind: 'store', label: 'App Store', url: '' } })).toBeNull();
    expect(
      backedFigure({
        ...claim,
        source: { kind: 'store', label: 'App Store', url: 'http://apps.apple.com/x' },
      }),
    ).toBeNull();
    expect(
      backedFigure({
        ...claim,
        source: { kind: 'study', label: 'A study', url: 'not a link', title: 'Some study' },
      }),
    ).toBeNull();
    expect(
      backedFigure({
        ...claim,
        source: { kind: 'study', label: 'A study', url: ONE_SEC_STUDY.url, title: '' },
      }),
    ).toBeNull();
  });

  it('is refused without its words, or with a blank number', () => {
    const source = { kind: 'counted', label: 'Counted by Stillpoint' } as const;
    expect(backedFigure({ ...claim, text: ' ', source })).toBeNull();
    expect(backedFigure({ ...claim, figure: '', source })).toBeNull();
  });

  it('is kept, as given, with a source that can be shown', () => {
    const source = { kind: 'counted', label: 'Counted by Stillpoint' } as const;
    expect(backedFigure({ ...claim, source })).toEqual({ ...claim, source });
  });
});

describe("the study's figures", () => {
  it("each cite one sec's PNAS 2023 study with its DOI link, and pass the check", () => {
    expect(ids(STUDY_FIGURES)).toEqual(studyIds);
    for (const figure of STUDY_FIGURES) {
      expect(backedFigure(figure)).toEqual(figure);
      expect(figure.source).toMatchObject({ kind: 'study', url: 'https://doi.org/10.1073/pnas.2213114120' });
      // About the app studied, never worded as what Stillpoint does.
      expect(figure.text).toMatch(/one sec/);
      expect(figure.text).not.toMatch(/Stillpoint/);
    }
  });

  it("state the abstract's numbers: 36% closed again, 57% fewer openings after six weeks", () => {
    expect(STUDY_FIGURES.map((figure) => figure.figure)).toEqual(['36%', '57%', null]);
  });
});

describe('counted pauses', () => {
  const enough = { pauses: MIN_PAUSES_FOR_FIGURES, turnedBack: 377 };

  it('are meaningful from the minimum of pauses and of people, not below either', () => {
    expect(pauseTotalsAreMeaningful({ pauses: MIN_PAUSES_FOR_FIGURES, people: MIN_PEOPLE_FOR_FIGURES })).toBe(
      true,
    );
    expect(pauseTotalsAreMeaningful({ pauses: MIN_PAUSES_FOR_FIGURES - 1, people: 500 })).toBe(false);
    expect(pauseTotalsAreMeaningful({ pauses: 50_000, people: MIN_PEOPLE_FOR_FIGURES - 1 })).toBe(false);
  });

  it('give the count and the share turned back, rounded down, each with its source', () => {
    expect(pauseFigures({ pauses: 12_345, turnedBack: 4_937 })).toEqual([
      {
        id: 'pausesTaken',
        figure: '12,345',
        text: 'pauses taken with Stillpoint so far',
        source: { kind: 'counted', label: 'Counted by Stillpoint from every pause' },
      },
      {
        id: 'turnedBackShare',
        // 39.999...% is 39%, never 40%.
        figure: '39%',
        text: 'of Stillpoint pauses ended with turning back',
        source: { kind: 'counted', label: 'Counted by Stillpoint from 12,345 pauses' },
      },
    ]);
  });

  it('give an exact share exactly', () => {
    expect(pauseFigures({ pauses: 1000, turnedBack: 290 })[1]?.figure).toBe('29%');
    expect(pauseFigures({ pauses: 1000, turnedBack: 1000 })[1]?.figure).toBe('100%');
  });

  it('give nothing below the minimum, without totals, or with totals that cannot be', () => {
    expect(pauseFigures(enough)).toHaveLength(2);
    expect(pauseFigures({ ...enough, pauses: MIN_PAUSES_FOR_FIGURES - 1 })).toEqual([]);
    expect(pauseFigures(null)).toEqual([]);
    expect(pauseFigures(undefined)).toEqual([]);
    expect(pauseFigures({ pauses: 2000, turnedBack: 2001 })).toEqual([]);
    expect(pauseFigures({ pauses: 2000.5, turnedBack: 3 })).toEqual([]);
    expect(pauseFigures({ pauses: 2000, turnedBack: -1 })).toEqual([]);
  });
});

describe('the store rating', () => {
  it('shows the rating with its count and store, linked to the store page', () => {
    expect(storeRatingFigure(rating())).toEqual({
      id: 'storeRating',
      figure: '4.6',
      text: 'average rating',
      source: {
        kind: 'store',
        label: '1,234 ratings on the App Store',
        url: 'https://apps.apple.com/app/id1234567890',
      },
    });
    expect(storeRatingFigure(rating({ rating: 5, ratings: 1, store: 'google-play' }))?.source.label).toBe(
      '1 rating on Google Play',
    );
    expect(storeRatingFigure(rating({ rating: 5 }))?.figure).toBe('5.0');
  });

  it('is not shown when unset, out of range, without ratings, from an unknown store or without a link', () => {
    expect(storeRatingFigure(null)).toBeNull();
    expect(storeRatingFigure(rating({ rating: 5.1 }))).toBeNull();
    expect(storeRatingFigure(rating({ rating: 0.9 }))).toBeNull();
    expect(storeRatingFigure(rating({ ratings: 0 }))).toBeNull();
    expect(storeRatingFigure(rating({ store: 'somewhere' as never }))).toBeNull();
    expect(storeRatingFigure(rating({ url: '' }))).toBeNull();
  });
});

describe('the figures there are', () => {
  it('on a new server: only the study', () => {
    expect(ids(proofFigures({ pauses: null, storeRating: null }))).toEqual(studyIds);
    expect(ids(proofFigures(undefined))).toEqual(studyIds);
  });

  it("with the server's figures: the rating, the counts, then the study", () => {
    const all = proofFigures({ pauses: { pauses: 5000, turnedBack: 2000 }, storeRating: rating() });
    expect(ids(all)).toEqual(['storeRating', 'pausesTaken', 'turnedBackShare', ...studyIds]);
  });

  it('a place takes the ones it wants that exist, in its order, up to its number', () => {
    const few = proofFigures(null);
    expect(ids(pickFigures(few, ['storeRating', 'pausesTaken', 'studyTurnBackOption'], 2))).toEqual([
      'studyTurnBackOption',
    ]);
    const all = proofFigures({ pauses: { pauses: 5000, turnedBack: 2000 }, storeRating: rating() });
    expect(ids(pickFigures(all, ['storeRating', 'pausesTaken', 'studyTurnBackOption'], 2))).toEqual([
      'storeRating',
      'pausesTaken',
    ]);
  });

  it('writes counts with thousands separators', () => {
    expect(groupedCount(0)).toBe('0');
    expect(groupedCount(999)).toBe('999');
    expect(groupedCount(1000)).toBe('1,000');
    expect(groupedCount(10_000_000)).toBe('10,000,000');
  });
});
