import {
  appStoreUrl,
  brand,
  type PauseTotals,
  pauseTotalsAreMeaningful,
  playStoreUrl,
  type StoreRating,
} from '@stillpoint/core';
import type { Config } from '../../config';

/** How long counted pauses are answered from memory before they are counted again. */
/**
 * The funnel, /checkout and /quiz-results each ask once per visit, and the answer comes from
 * memory; the limit only keeps a scraper from hammering it.
 */
export const proofFiguresRateLimit = { max: 60, timeWindow: '1 minute' } as const;

export const PAUSE_TOTALS_REFRESH_MS = 10 * 60_000;

export interface CountedPauses {
  pauses: number;
  turnedBack: number;
  people: number;
}

export interface PauseTotalsCache {
  /** The totals when they are meaningful (core's minimum), else null; counted at most once per refresh. */
  current(): Promise<PauseTotals | null>;
}

/**
 * Every pause ever recorded, counted at most once per `refreshMs` on this server instance: the
 * count reads the whole table, and every visit to the funnel asks. Requests that arrive while a
 * count runs share it. A failed count is not kept, so the next request counts again.
 */
export function pauseTotalsCache(
  count: () => Promise<CountedPauses>,
  { refreshMs, now }: { refreshMs: number; now: () => number },
): PauseTotalsCache {
  let counted: { totals: PauseTotals | null; at: number } | null = null;
  let counting: Promise<PauseTotals | null> | null = null;

  const recount = async (): Promise<PauseTotals | null> => {
    const startedAt = now();
    const { pauses, turnedBack, people } = await count();
    // How many people there were is for the minimum only: it is never answered.
    const totals = pauseTotalsAreMeaningful({ pauses, people }) ? { pauses, turnedBack } : null;
    counted = { totals, at: startedAt };
    return totals;
  };

  return {
    current() {
      if (counted && now() - counted.at < refreshMs) return Promise.resolve(counted.totals);
      counting ??= recount().finally(() => {
        counting = null;
      });
      return counting;
    },
  };
}

/** The configured store rating with the page it can be seen on, or null when none is configured. */
export function storeRatingOf(config: Pick<Config, 'storeRating' | 'stores'>): StoreRating | null {
  const configured = config.storeRating;
  if (!configured) return null;
  const url = {
    'app-store': appStoreUrl(config.stores.appStoreId),
    'google-play': playStoreUrl(config.stores.playStorePackage),
    'chrome-web-store': brand.chromeWebStoreUrl,
  }[configured.store];
  return { ...configured, url };
}
