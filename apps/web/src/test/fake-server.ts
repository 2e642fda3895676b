import {
  type AppLinks,
  type AuthConfig,
  appStoreUrl,
  brand,
  canBuyPlan,
  emailSchema,
  endpoints,
  hasPremiumEntitlement,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  INSIGHT_DAYS,
  type Insights,
  type InterceptOutcome,
  invalidInputMessage,
  messages,
  playStoreUrl,
  priceAmountsCents,
  priceKeys,
  reportInterceptOutcomesBodySchema,
  type SubscriptionState,
  sendUninstallFeedbackBodySchema,
  settleOutcome,
} from '@stillpoint/core';
import { vi } from 'vitest';
import { checkoutTermsFor, purchaseSummaryOf } from './purchases';
import { FAKE_CHECKOUT_URL, FAKE_PAYMENT_CONFIG, subscriptionState } from './subscriptions';

/** What a test can ask the fake server to answer: a JSON body, a status, extra headers. */
export interface FakeResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Route = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

/** `METHOD /api/path` of the calls that take an Idempotency-Key, from core's registry. */
const idempotentRoutes = new Set(
  Object.values(endpoints)
    .filter((endpoint) => 'idempotent' in endpoint && endpoint.idempotent === true)
    .map((endpoint) => `${endpoint.method} /api${endpoint.path}`),
);

export const TEST_USER = { uid: 'user-1', phoneNumber: '+15555550100', email: null };
export const TEST_TOKEN = 'session-token-1';

const defaultAuthConfig: AuthConfig = {
  google: { kind: 'oauth2', id: 'dev-google' },
  apple: { kind: 'oauth2', id: 'dev-apple' },
  captcha: null,
  testPhoneNumbers: [{ phoneNumber: '+15555550100' }],
};

/** getAppLinks as a server configured with these store ids answers. */
export const FAKE_APP_LINKS: AppLinks = {
  appStoreUrl: appStoreUrl('1234567890'),
  playStoreUrl: playStoreUrl('app.stillpoint.test'),
  // As a server without EXTENSION_STORE_URL answers (any environment but production).
  chromeWebStoreUrl: brand.chromeWebStoreUrl,
  edgeAddOnsUrl: null,
  website: brand.website,
  blogUrl: brand.blogUrl,
  privacyPolicyUrl: brand.privacyPolicyUrl,
  supportEmail: brand.supportEmail,
};

/** The id viewAppReferral answers with: a referral view's id is a UUID. */
export const FAKE_REFERRAL_VIEW_ID = '5f0c2a9e-7b1d-4c3e-9a8f-1d2e3f4a5b6c';

const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });
const failure = (status: number, code: string, error: string): FakeResponse => ({
  status,
  body: { success: false, code, error },
});

interface FakeServerOptions {
  signedIn?: boolean;
  /** The person's plan (see subscriptions.ts); none by default. */
  subscription?: SubscriptionState | null;
  /** Whether the once-ever no-card trial has been used already. */
  trialUsed?: boolean;
  /** The signed-in person's id; TEST_USER's by default. Some rules (the paywall) go by it. */
  uid?: string;
  /**
   * What getVisitorCountry answers (null: unknown). 'US' by default, where no cookie banner
   * applies, so tests about something else meet neither the banner nor held analytics.
   */
  country?: string | null;
}

/**
 * The server at the global fetch boundary: Better Auth's session, phone and sign-out routes, the
 * API calls sign-in makes, and the subscription and payment calls, with the state they share
 * (signed in, the plan, the once-ever trial). Tests override single routes to make one of them
 * fail, and read `requests` to see what reached the server. Like the server, it runs a call that
 * takes an Idempotency-Key once per key: a repeat gets the first answer (a 422 with other input),
 * and `handled` lists only the requests a route ran, so a test can count what was created.
 */
export function installFakeServer({
  signedIn = false,
  subscription = null,
  trialUsed = false,
  uid = TEST_USER.uid,
  country = 'US',
}: FakeServerOptions = {}) {
  const user = { ...TEST_USER, uid };
  const state = { signedIn, code: '123456', subscription, trialUsed, country };
  const requests: FakeRequest[] = [];
  const handled: FakeRequest[] = [];
  /** Each key's input and answer, as the server keeps them (a 5xx or 429 frees the key). */
  const keys = new Map<string, { input: string; answer: Promise<FakeResponse> }>();
  /** Each pause's settled outcome by interceptId, as reportInterceptOutcomes keeps them. */
  const pauses = new Map<string, InterceptOutcome>();
  const session = () => ({
    session: { id: 'session-1', token: TEST_TOKEN, userId: uid, expiresAt: '2099-01-01T00:00:00Z' },
    user: {
      id: uid,
      email: '15555550100@phone.stillpoint.invalid',
      name: '',
      phoneNumber: '+15555550100',
    },
  });
  const routes = new Map<string, Route>([
    ['GET /api/auth/get-session', () => ({ body: state.signedIn ? session() : null })],
    ['POST /api/auth/phone-number/send-otp', () => ({ body: { message: 'code sent' } })],
    [
      'POST /api/auth/phone-number/verify',
      ({ body }) => {
        if (read(body, 'code') !== state.code) {
          return { status: 400, body: { code: 'INVALID_OTP', message: 'Invalid OTP' } };
        }
        state.signedIn = true;
        return { body: { status: true, token: TEST_TOKEN }, headers: { 'set-auth-token': TEST_TOKEN } };
      },
    ],
    [
      'POST /api/auth/sign-out',
      () => {
        state.signedIn = false;
        return { body: { success: true } };
      },
    ],
    ['GET /api/getAuthConfig', () => ok(defaultAuthConfig)],
    ['POST /api/syncCurrentUser', () => ok({ user, isNewUser: false })],
    ['GET /api/getUser', () => ok(user)],
    ['GET /api/getSubscriptionState', () => ok(state.subscription)],
    ['GET /api/getPurchaseSummary', () => ok(purchaseSummaryOf(state.subscription))],
    [
      'GET /api/getCheckoutTerms',
      ({ search }) => {
        const terms = checkoutTermsFor(state.subscription, {
          trialUsed: state.trialUsed,
          priceId: search.get('priceId') ?? '',
        });
        return terms ? ok(terms) : failure(400, 'BAD_REQUEST', 'priceId: not a price of this environment');
      },
    ],
    [
      'GET /api/getSubscriber',
      () => ok({ subscriber: state.subscription?.subscriber ?? { entitlements: {}, subscriptions: {} } }),
    ],
    [
      // The server's rule: once per person, ever, and never over premium that is in force.
      'POST /api/startFreeTrial',
      () => {
        const inForce = state.subscription && !state.subscription.isExpired;
        if (state.trialUsed || inForce) return ok({ startedTrial: false });
        state.trialUsed = true;
        state.subscription = subscriptionState('noCardTrial', { days: 7 });
        return ok({ startedTrial: true });
      },
    ],
    ['GET /api/getAppLinks', () => ok(FAKE_APP_LINKS)],
    ['GET /api/getVisitorCountry', () => ok({ country: state.country })],
    // The public forms check the address as the server does: core's e-mail schema.
    [
      'POST /api/joinNewsletter',
      ({ body }) =>
        emailSchema.safeParse(read(body, 'email')).success
          ? ok({ ok: true })
          : failure(400, 'BAD_REQUEST', invalidInputMessage('body', 'email: Enter a valid e-mail address')),
    ],
    [
      'POST /api/requestPurchaseRestore',
      ({ body }) =>
        emailSchema.safeParse(read(body, 'trialEmail')).success
          ? ok({ ok: true })
          : failure(
              400,
              'BAD_REQUEST',
              invalidInputMessage('body', 'trialEmail: Enter a valid e-mail address'),
            ),
    ],
    ['POST /api/viewAppReferral', () => ok({ id: FAKE_REFERRAL_VIEW_ID })],
    ['POST /api/clickedDownloadFromAppReferral', () => ok({ ok: true })],
    [
      'POST /api/sendUninstallFeedback',
      ({ body }) => {
        const parsed = sendUninstallFeedbackBodySchema.safeParse(body);
        if (parsed.success) return ok({ ok: true });
        const issue = parsed.error.issues[0];
        return failure(
          400,
          'BAD_REQUEST',
          invalidInputMessage('body', `${issue?.path.join('.')}: ${issue?.message}`),
        );
      },
    ],
    ['GET /api/getPaymentConfig', () => ok(FAKE_PAYMENT_CONFIG)],
    [
      'GET /api/getStripePrice',
      ({ search }) => {
        const key = priceKeys.find(
          (candidate) => FAKE_PAYMENT_CONFIG.prices[candidate] === search.get('priceId'),
        );
        if (!key) return failure(400, 'BAD_REQUEST', 'priceId: not a price of this environment');
        return ok({ unit_amount: priceAmountsCents[key], currency: 'usd' });
      },
    ],
    [
      'GET /api/createStripeCheckoutSessionForSubscription',
      ({ search }) => {
        const priceId = search.get('priceId');
        if (!Object.values(FAKE_PAYMENT_CONFIG.prices).includes(priceId ?? '')) {
          return failure(400, 'BAD_REQUEST', 'priceId: not a price of this environment');
        }
        const subscriber = state.subscription?.subscriber;
        if (hasPremiumEntitlement(subscriber) && !canBuyPlan(subscriber, new Date())) {
          return failure(409, 'CONFLICT', messages.alreadySubscribed);
        }
        return ok({ url: FAKE_CHECKOUT_URL });
      },
    ],
    [
      // The server's rule: the first decision settles a pause, and a repeated report changes nothing.
      'POST /api/reportInterceptOutcomes',
      ({ body }) => {
        const parsed = reportInterceptOutcomesBodySchema.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return failure(
            400,
            'BAD_REQUEST',
            invalidInputMessage('body', `${issue?.path.join('.')}: ${issue?.message}`),
          );
        }
        let recorded = 0;
        for (const { interceptId, outcome } of parsed.data.outcomes) {
          const settled = settleOutcome(pauses.get(interceptId) ?? null, outcome);
          if (settled === null) continue;
          pauses.set(interceptId, settled);
          recorded += 1;
        }
        return ok({ ok: true, recorded, duplicates: parsed.data.outcomes.length - recorded });
      },
    ],
    // A person with no pauses yet; tests with figures answer their own.
    ['GET /api/getInsights', ({ search }) => ok(noInsights(Number(search.get('userDay'))))],
    // A new server: nothing counted past the minimum, no store rating; tests with figures answer their own.
    ['GET /api/getProofFigures', () => ok({ pauses: null, storeRating: null })],
  ]);

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const request: FakeRequest = {
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      path: url.pathname,
      search: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    // What the app calls off at once never reaches a server: StrictMode mounts each component
    // twice in development, and a query whose first mount is undone cancels its request.
    await Promise.resolve();
    if (init?.signal?.aborted) {
      requests.splice(requests.indexOf(request), 1);
      throw init.signal.reason ?? new DOMException('Aborted', 'AbortError');
    }
    const name = `${request.method} ${request.path}`;
    const route = routes.get(name);
    if (!route) return json({ status: 404, body: { success: false, code: 'NOT_FOUND', error: 'Not here.' } });
    const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
    if (key === null || !idempotentRoutes.has(name)) {
      handled.push(request);
      return json(await route(request));
    }
    const sent = `${url.search} ${JSON.stringify(request.body)}`;
    const kept = keys.get(`${name} ${key}`);
    if (kept) {
      if (kept.input !== sent) return json(failure(422, 'UNPROCESSABLE', IDEMPOTENCY_KEY_REUSED_MESSAGE));
      const first = await kept.answer;
      return json({ ...first, headers: { ...first.headers, 'Idempotent-Replayed': 'true' } });
    }
    handled.push(request);
    const answer = Promise.resolve(route(request));
    keys.set(`${name} ${key}`, { input: sent, answer });
    const response = await answer;
    const status = response.status ?? 200;
    if (status >= 500 || status === 429) keys.delete(`${name} ${key}`);
    return json(response);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    requests,
    /** Replaces one route, e.g. `route('POST /api/auth/phone-number/verify', () => ...)`. */
    route(key: string, handler: Route) {
      routes.set(key, handler);
    },
    /** The requests made to one route, in order. */
    calls(key: string): FakeRequest[] {
      return requests.filter((request) => `${request.method} ${request.path}` === key);
    },
    /** The requests one route ran: repeats of an Idempotency-Key answered from the first are left out. */
    handled(key: string): FakeRequest[] {
      return handled.filter((request) => `${request.method} ${request.path}` === key);
    },
  };
}

/** getInsights for someone with nothing recorded in the week ending on `userDay`. */
function noInsights(userDay: number): Insights {
  const none = { attempts: 0, turnedBack: 0, sessions: 0, minutesUsed: 0 };
  return {
    fromUserDay: userDay - (INSIGHT_DAYS - 1),
    toUserDay: userDay,
    days: Array.from({ length: INSIGHT_DAYS }, (_, index) => ({
      userDay: userDay - (INSIGHT_DAYS - 1) + index,
      figures: null,
    })),
    total: none,
    sites: [],
    daysSinceFirstIntercept: null,
  };
}

const read = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

function json({ status = 200, body, headers = {} }: FakeResponse): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
