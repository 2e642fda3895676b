import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { describeIssues } from './errors';
import {
  addBrowserSiteBodySchema,
  checkoutSubscriptionQuerySchema,
  createStripeCustomerBodySchema,
  endpoints,
  giftCheckoutBodySchema,
  isDeleteSiteUpdate,
  loadEnglishValidationMessages,
  redeemCodeBodySchema,
  sitesQuerySchema,
  startBrowserSiteSessionBodySchema,
  subscriptionIntentBodySchema,
  updateBrowserCustomSiteBodySchema,
  updateBrowserSiteSettingsBodySchema,
} from './index';

// The server's messages: a 400 names what is wrong.
loadEnglishValidationMessages();

const all = Object.entries(endpoints);

// SPEC §7, both tables, plus getUser; every one must be served with exactly this method and path.
const specCalls = {
  GET: [
    'getNewOnboardingHDYHOptions',
    'getProfileWeb',
    'createCustomFirebaseToken',
    'createStripeCheckoutSessionForSubscription',
    'getBrowserSitesWithActiveAndTodaysSessions',
    'getOnboardingAnswers',
    'getBrowserSiteSettings',
    'getUser',
    'getStripePrice',
    'getSubscriptionState',
    'fetchApps',
    'getSupportedApps',
  ],
  POST: [
    'createStripeCheckoutSessionForGift',
    'addBrowserSite',
    'archiveBrowserSite',
    'updateOnboardingAnswers',
    'updateBrowserSiteSettings',
    'startBrowserSiteSession',
    'updateBrowserCustomSite',
    'joinNewsletter',
    'startFreeTrial',
    'viewAppReferral',
    'clickedDownloadFromAppReferral',
    'getStripeCustomer',
    'createStripeCustomer',
    'getStripeSubscriptionIntent',
    'updateOnboardingParams',
    'trackTikTokEvent',
    'redeemCode',
  ],
} as const;

describe('the endpoints registry', () => {
  it('has one endpoint per method and path', () => {
    const keys = all.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('serves every SPEC §7 call at its exact path and method, named after it', () => {
    for (const [method, names] of Object.entries(specCalls)) {
      for (const name of names) {
        const endpoint = all.find(([key]) => key === name)?.[1];
        expect(endpoint, name).toMatchObject({ method, path: `/${name}` });
      }
    }
  });

  it('names every endpoint after its path, and only GETs carry queries and only POSTs bodies', () => {
    for (const [name, endpoint] of all) {
      // '/dev/outbox' is named devOutbox: path segments joined in camel case.
      const expected = endpoint.path.replace(/\/([a-z])/g, (_, letter: string, offset: number) =>
        offset === 0 ? letter : letter.toUpperCase(),
      );
      expect(expected, endpoint.path).toBe(name);
      if (endpoint.method === 'GET') expect(endpoint.body, name).toBeUndefined();
      else expect(endpoint.query, name).toBeUndefined();
    }
  });

  it('marks the feedback call as our own addition', () => {
    expect(endpoints.sendFeedback.summary).toContain("Stillpoint's own addition");
  });

  // The server generates OpenAPI from these schemas; a schema JSON Schema cannot express would break /api/docs.
  it('has schemas that convert to JSON Schema', () => {
    for (const [name, endpoint] of all) {
      for (const input of [endpoint.query, endpoint.body]) {
        if (input) expect(() => z.toJSONSchema(input, { io: 'input' }), name).not.toThrow();
      }
      expect(() => z.toJSONSchema(endpoint.response, { io: 'output' }), name).not.toThrow();
    }
  });

  it('refuses bodies that are not objects, and unknown keys', () => {
    for (const [name, endpoint] of all) {
      if (!endpoint.body) continue;
      // A body that may be left out (startFreeTrial's) reaches the schema as null when it is.
      const mayBeLeftOut = endpoint.body.safeParse(undefined).success;
      for (const bad of mayBeLeftOut ? ['text', [], 42] : [null, 'text', [], 42]) {
        expect(endpoint.body.safeParse(bad).success, `${name} ${JSON.stringify(bad)}`).toBe(false);
      }
      const withExtra = endpoint.body.safeParse({ notAField: 1 });
      expect(withExtra.error && describeIssues(withExtra.error.issues), name).toContain('Unrecognized key');
    }
  });
});

describe('sites schemas', () => {
  const session = {
    id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    siteId: '9b2f4c1e-7d3a-4e8b-a5c6-1f2e3d4c5b6a',
    lengthInMilliseconds: 300_000,
    timeStarted: 1_717_243_200,
    userDay: 19_875,
  };

  it('normalises a new site and its budget', () => {
    expect(addBrowserSiteBodySchema.parse({ siteOrigin: 'youtube.com/feed', budget: 3 })).toEqual({
      siteOrigin: 'https://youtube.com',
      budget: 3,
    });
  });

  it('rejects a bad site and a zero budget with readable messages', () => {
    const result = addBrowserSiteBodySchema.safeParse({ siteOrigin: 'nope', budget: 0 });
    expect(result.error && describeIssues(result.error.issues)).toBe(
      'siteOrigin: Enter a site like youtube.com or https://www.youtube.com; budget must be at least 1',
    );
  });

  it('reads userDay from the query string and refuses blanks and words', () => {
    const query = sitesQuerySchema;
    expect(query.parse({ userDay: '19875' })).toEqual({ userDay: 19_875 });
    expect(query.parse({ userDay: 19_875 })).toEqual({ userDay: 19_875 });
    for (const bad of [{}, { userDay: '' }, { userDay: 'today' }, { userDay: '1.5' }, { userDay: '-1' }]) {
      expect(query.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(query.safeParse({ userDay: 'today' }).error?.issues[0]?.message).toBe(
      'userDay must be a whole number',
    );
  });

  it('accepts a session start and refuses a missing uuid or an hour-long session', () => {
    expect(startBrowserSiteSessionBodySchema.parse(session)).toEqual(session);
    expect(startBrowserSiteSessionBodySchema.safeParse({ ...session, id: 'abc' }).success).toBe(false);
    expect(
      startBrowserSiteSessionBodySchema.safeParse({ ...session, lengthInMilliseconds: 3_600_000 }).success,
    ).toBe(false);
    expect(startBrowserSiteSessionBodySchema.safeParse({ ...session, timeStarted: 1.5 }).success).toBe(false);
  });

  it('tells a delete from an edit in updateBrowserCustomSite', () => {
    const body = updateBrowserCustomSiteBodySchema;
    const siteId = '9b2f4c1e-7d3a-4e8b-a5c6-1f2e3d4c5b6a';
    expect(isDeleteSiteUpdate(body.parse({ siteId }))).toBe(true);
    expect(isDeleteSiteUpdate(body.parse({ siteId, active: false }))).toBe(false);
    expect(body.parse({ siteId, budget: 2 })).toEqual({ siteId, budget: 2 });
    expect(body.safeParse({ siteId, active: 'no' }).success).toBe(false);
    // A non-UUID id is refused up front, never looked up (the database column is a uuid).
    expect(body.safeParse({ siteId: '1; drop table', budget: 2 }).error?.issues[0]?.message).toBe(
      'siteId must be a UUID',
    );
  });
});

describe('other schemas', () => {
  it('requires at least one known feedblocking key', () => {
    const body = updateBrowserSiteSettingsBodySchema;
    expect(body.parse({ redditFeedblocking: false })).toEqual({ redditFeedblocking: false });
    expect(body.safeParse({}).success).toBe(false);
    expect(body.safeParse({ tiktokFeedblocking: true }).success).toBe(false);
  });

  it('reads checkout flags from strings and refuses off-site return paths', () => {
    const query = checkoutSubscriptionQuerySchema;
    const valid = {
      priceId: 'price_1',
      cancelPath: '/checkout',
      successPath: '/onboarding?stripe_success=1',
    };
    expect(query.parse({ ...valid, skipTrial: 'false', deferPayment: 'true' })).toMatchObject({
      skipTrial: false,
      deferPayment: true,
    });
    expect(query.safeParse({ ...valid, skipTrial: 'maybe' }).success).toBe(false);
    for (const successPath of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'onboarding']) {
      expect(query.safeParse({ ...valid, successPath }).success, successPath).toBe(false);
    }
  });

  it('creates a customer from exactly one of userId or email', () => {
    const body = createStripeCustomerBodySchema;
    expect(body.safeParse({ userId: 'u1' }).success).toBe(true);
    expect(body.safeParse({ email: 'sam@example.com' }).success).toBe(true);
    expect(body.safeParse({}).success).toBe(false);
    expect(body.safeParse({ userId: 'u1', email: 'sam@example.com' }).success).toBe(false);
    expect(body.safeParse({ email: 'sam@' }).success).toBe(false);
  });

  it('buys 1 to 20 gifts and redeems 6-character codes', () => {
    const gift = { cancelPath: '/gift', successPath: '/gift?stripe_success=true', priceId: 'price_gift' };
    expect(giftCheckoutBodySchema.safeParse({ ...gift, quantity: 20 }).success).toBe(true);
    expect(giftCheckoutBodySchema.safeParse({ ...gift, quantity: 21 }).success).toBe(false);
    expect(redeemCodeBodySchema.parse({ redemptionCode: 'abc123' })).toEqual({
      redemptionCode: 'ABC123',
    });
    expect(redeemCodeBodySchema.safeParse({ redemptionCode: 'abc1234' }).success).toBe(false);
  });

  it('caps a subscription intent at the 7-day trial', () => {
    const body = subscriptionIntentBodySchema;
    expect(body.safeParse({ userId: 'u', priceId: 'p', numTrialDays: 7 }).success).toBe(true);
    expect(body.safeParse({ userId: 'u', priceId: 'p', numTrialDays: 8 }).success).toBe(false);
  });
});
