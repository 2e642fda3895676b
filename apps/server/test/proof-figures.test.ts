import { randomUUID } from 'node:crypto';
import {
  brand,
  type InterceptOutcome,
  MIN_PAUSES_FOR_FIGURES,
  MIN_PEOPLE_FOR_FIGURES,
  type ProofFiguresData,
  type StoreRatingSource,
} from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { interceptOutcome } from '../src/db/schema';
import {
  type CountedPauses,
  pauseTotalsCache,
  proofFiguresRateLimit,
  storeRatingOf,
} from '../src/modules/insights/proof-figures';
import { proofFiguresOf } from '../src/modules/insights/service';
import { call, callOk, dataOf, type Person, signUp } from './support/api';
import { buildTestApp, createTestApp, type TestApp } from './support/app';

const noStores = { storeRating: null, stores: { appStoreId: '0000000000', playStorePackage: 'app.example' } };

describe('the figures the server backs (getProofFigures)', () => {
  let t: TestApp;
  /** The people the pauses are spread over, each with one site. */
  const people: { person: Person; siteId: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (let index = 0; index < MIN_PEOPLE_FOR_FIGURES; index += 1) {
      const person = await signUp(t.app);
      const { id } = await callOk(
        t.app,
        'addBrowserSite',
        { siteOrigin: 'youtube.com', budget: 3 },
        person.token,
      );
      people.push({ person, siteId: id });
    }
  }, 60_000);
  afterAll(() => t.close());

  /**
   * Pauses written straight into the table, `count` of them spread over the first `over` people,
   * cycling through the outcomes given. (reportInterceptOutcomes writes the same rows; the
   * insights tests cover it, and a thousand of them through it would only be slower.)
   */
  async function addPauses(count: number, outcomes: InterceptOutcome[], over = people.length) {
    const at = new Date();
    const rows = Array.from({ length: count }, (_, index) => {
      const owner = people[index % over];
      if (!owner) throw new Error('no such person');
      const outcome = outcomes[index % outcomes.length] ?? 'shown';
      return {
        id: randomUUID(),
        userId: owner.person.uid,
        siteId: owner.siteId,
        userDay: 20_000,
        outcome,
        sessionLengthInMilliseconds: outcome === 'session' ? 600_000 : null,
        shownAt: at,
        settledAt: outcome === 'shown' ? null : at,
      };
    });
    for (let start = 0; start < rows.length; start += 500)
      await t.database.db.insert(interceptOutcome).values(rows.slice(start, start + 500));
  }

  /** What a new server instance on this database answers: its count is its own, made now. */
  async function freshAnswer(): Promise<ProofFiguresData> {
    const instance = await buildTestApp(t.database);
    try {
      return dataOf('getProofFigures', await call(instance, 'getProofFigures'));
    } finally {
      await instance.close();
    }
  }

  it('answers anyone, cacheable, and with nothing to back answers no figures', async () => {
    const res = await call(t.app, 'getProofFigures');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({ success: true, data: { pauses: null, storeRating: null } });
  });

  it('counts every pause and the ones turned back, only from the minimum on, and keeps its count', async () => {
    // One short of the minimum: a quarter each of shown, nevermind, session and left.
    await addPauses(MIN_PAUSES_FOR_FIGURES - 1, ['shown', 'nevermind', 'session', 'left']);
    expect((await freshAnswer()).pauses).toBeNull();
    // The instance that answered before the minimum was reached keeps its count for now.
    expect(dataOf('getProofFigures', await call(t.app, 'getProofFigures')).pauses).toBeNull();

    await addPauses(1, ['nevermind']);
    // Turned back: nevermind and left, 250 + 249 of the first 999 (indexes 1 and 3 of every 4), and the last one.
    expect((await freshAnswer()).pauses).toEqual({ pauses: MIN_PAUSES_FOR_FIGURES, turnedBack: 500 });
    // Until its refresh, the first instance still answers what it counted.
    expect(dataOf('getProofFigures', await call(t.app, 'getProofFigures')).pauses).toBeNull();
  });

  it('answers nothing about the people themselves', async () => {
    const data = (await call(t.app, 'getProofFigures')).json().data;
    expect(Object.keys(data).sort()).toEqual(['pauses', 'storeRating']);
    const counted = await freshAnswer();
    expect(Object.keys(counted.pauses ?? {}).sort()).toEqual(['pauses', 'turnedBack']);
  });

  describe('the count behind it', () => {
    it('counts again once the refresh has passed, not before', async () => {
      let clock = 1_000_000;
      const figures = proofFiguresOf(t.database.db, noStores, { refreshMs: 60_000, now: () => clock });
      const before = await figures();
      expect(before.pauses?.pauses).toBeGreaterThanOrEqual(MIN_PAUSES_FOR_FIGURES);
      await addPauses(40, ['left']);
      clock += 59_999;
      expect(await figures()).toEqual(before);
      clock += 1;
      expect((await figures()).pauses).toEqual({
        pauses: (before.pauses?.pauses ?? 0) + 40,
        turnedBack: (before.pauses?.turnedBack ?? 0) + 40,
      });
    });

    it('needs the minimum of people as well as of pauses', async () => {
      const counts: CountedPauses[] = [
        { pauses: 50_000, turnedBack: 20_000, people: MIN_PEOPLE_FOR_FIGURES - 1 },
        { pauses: 50_000, turnedBack: 20_000, people: MIN_PEOPLE_FOR_FIGURES },
      ];
      let clock = 0;
      const cache = pauseTotalsCache(async () => counts.shift() ?? { pauses: 0, turnedBack: 0, people: 0 }, {
        refreshMs: 10,
        now: () => clock,
      });
      expect(await cache.current()).toBeNull();
      clock += 10;
      expect(await cache.current()).toEqual({ pauses: 50_000, turnedBack: 20_000 });
    });

    it('counts once for requests that arrive together, and again after a failed count', async () => {
      let counted = 0;
      let fail = true;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const cache = pauseTotalsCache(
        async () => {
          counted += 1;
          await held;
          if (fail) throw new Error('database unreachable');
          return { pauses: 2000, turnedBack: 900, people: 40 };
        },
        { refreshMs: 60_000, now: () => 0 },
      );
      const together = [cache.current(), cache.current(), cache.current()];
      release();
      for (const answer of together) await expect(answer).rejects.toThrow('database unreachable');
      expect(counted).toBe(1);
      fail = false;
      expect(await cache.current()).toEqual({ pauses: 2000, turnedBack: 900 });
      expect(await cache.current()).toEqual({ pauses: 2000, turnedBack: 900 });
      expect(counted).toBe(2);
    });
  });

  it(`is rate limited to ${proofFiguresRateLimit.max} a minute per address`, async () => {
    const ip = '10.9.8.7';
    for (let index = 0; index < proofFiguresRateLimit.max; index += 1)
      expect((await call(t.app, 'getProofFigures', undefined, { ip })).statusCode).toBe(200);
    const limited = await call(t.app, 'getProofFigures', undefined, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});

describe('the store rating', () => {
  const stores = { appStoreId: '1234567890', playStorePackage: 'app.stillpoint' };

  it('is answered as configured, with the page of its store', async () => {
    const t = await createTestApp({
      stores,
      storeRating: { rating: 4.6, ratings: 1250, store: 'app-store' },
    });
    try {
      expect(dataOf('getProofFigures', await call(t.app, 'getProofFigures')).storeRating).toEqual({
        rating: 4.6,
        ratings: 1250,
        store: 'app-store',
        url: 'https://apps.apple.com/app/id1234567890',
      });
    } finally {
      await t.close();
    }
  });

  it('links each store to its page: Google Play by package, the Chrome Web Store by the listing', () => {
    const of = (store: StoreRatingSource) =>
      storeRatingOf({ stores, storeRating: { rating: 4.1, ratings: 3, store } })?.url;
    expect(of('google-play')).toBe('https://play.google.com/store/apps/details?id=app.stillpoint');
    expect(of('chrome-web-store')).toBe(brand.chromeWebStoreUrl);
    expect(storeRatingOf({ stores, storeRating: null })).toBeNull();
  });

  it('is read from STORE_RATING, STORE_RATING_COUNT and STORE_RATING_SOURCE together', () => {
    expect(loadConfig({}).storeRating).toBeNull();
    expect(
      loadConfig({ STORE_RATING: '4.7', STORE_RATING_COUNT: '1250', STORE_RATING_SOURCE: 'google-play' })
        .storeRating,
    ).toEqual({ rating: 4.7, ratings: 1250, store: 'google-play' });
    expect(
      loadConfig({ STORE_RATING: '5', STORE_RATING_COUNT: '1', STORE_RATING_SOURCE: 'app-store' })
        .storeRating,
    ).toEqual({ rating: 5, ratings: 1, store: 'app-store' });
  });

  it('is refused half set, naming what is missing', () => {
    expect(() => loadConfig({ STORE_RATING: '4.7' })).toThrow(
      'STORE_RATING, STORE_RATING_COUNT, STORE_RATING_SOURCE: set all of them or none (missing STORE_RATING_COUNT, STORE_RATING_SOURCE)',
    );
    expect(() => loadConfig({ STORE_RATING_COUNT: '20', STORE_RATING_SOURCE: 'app-store' })).toThrow(
      '(missing STORE_RATING)',
    );
  });

  it.each([
    ['STORE_RATING', '4.75', 'must be an average rating from 1.0 to 5.0 with one decimal, e.g. 4.7'],
    ['STORE_RATING', '5.5', 'must be an average rating from 1.0 to 5.0 with one decimal, e.g. 4.7'],
    ['STORE_RATING', '0.9', 'must be an average rating from 1.0 to 5.0 with one decimal, e.g. 4.7'],
    ['STORE_RATING_COUNT', 'many', 'must be how many ratings the average is of'],
    ['STORE_RATING_COUNT', '0', 'must be how many ratings the average is of: 1 or more'],
    [
      'STORE_RATING_SOURCE',
      'trustpilot',
      'must be the store the rating is read from: app-store, google-play',
    ],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}: ${message}`);
  });
});
