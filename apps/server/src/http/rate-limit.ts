import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors';
import { createSharedRateLimitStore, type RateLimitStoreState } from './rate-limit-store';

/**
 * Counts a signed-in call per person rather than per address: one person cannot get around the
 * limit by changing networks, and people behind one shared address do not use up each other's.
 * The user is known by then, since authentication runs before the limiter (both onRequest, in
 * that order).
 */
export const perPerson = (request: FastifyRequest): string =>
  request.sessionUser ? `user:${request.sessionUser.id}` : request.ip;

/**
 * Per-IP limits, per route, unless a limit keys by person (perPerson). The phone routes are the
 * tight ones: each send costs an SMS and each verify is a guess. (The per-number cooldown and
 * hourly cap live in auth/otp.ts.)
 */
export const rateLimits = {
  auth: { max: 120, timeWindow: '1 minute' },
  otpSend: { max: 10, timeWindow: '10 minutes' },
  otpVerify: { max: 20, timeWindow: '10 minutes' },
  extensionExchange: { max: 20, timeWindow: '1 minute' },
  // Public writes anyone can send: each stores a row (and feedback posts to the team chat).
  feedback: { max: 10, timeWindow: '10 minutes' },
  purchaseRestore: { max: 10, timeWindow: '10 minutes' },
  uninstallFeedback: { max: 10, timeWindow: '10 minutes' },
  // A referral visit and its click each store (or stamp) a row. A link shared in a group chat can be
  // opened by many people behind one school or office address, so these are looser than feedback.
  referralView: { max: 60, timeWindow: '10 minutes' },
  referralClick: { max: 60, timeWindow: '10 minutes' },
  // A read of one's own two numbers.
  referralStats: { max: 60, timeWindow: '1 minute', keyGenerator: perPerson },
  // The web app asks once per page load for the cookie banner; an in-memory lookup, so generous.
  visitorCountry: { max: 120, timeWindow: '1 minute' },
  // Each new address gets a confirmation e-mail, so a tight limit keeps this from mailing strangers.
  newsletter: { max: 5, timeWindow: '10 minutes' },
  // The web app makes one link per finished checkout or funnel; each stores a row.
  deepLinkCreate: { max: 20, timeWindow: '10 minutes', keyGenerator: perPerson },
  // Reading a link or following it: codes are too long to guess, this only keeps scanners slow.
  deepLinkRead: { max: 60, timeWindow: '1 minute' },
  // The web app sends an event per click and scroll step; a busy page stays well under this.
  analytics: { max: 240, timeWindow: '1 minute' },
  // The funnel sends an ad event per milestone (view, each step, sign-up, purchase): about 20 a run.
  adEvents: { max: 60, timeWindow: '1 minute' },
  // Each pause sends about two reports (shown, then the choice); the extension sends its offline
  // queue in batches. A person pausing constantly stays well under this.
  interceptOutcomes: { max: 120, timeWindow: '1 minute', keyGenerator: perPerson },
  // The home page reads the week once per visit or refocus.
  insights: { max: 60, timeWindow: '1 minute', keyGenerator: perPerson },
} as const;

/** Whether Redis answers, as `/api/readyz` reports it. */
export type RedisReadiness = 'ok' | 'unreachable' | 'not configured';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the rate-limit counters live right now; `/api/readyz` reports it. */
    rateLimitStore: () => RateLimitStoreState;
    /** Pings Redis (at most `redisBudgetMs`); `/api/readyz` reports the answer. */
    redisReadiness: () => Promise<RedisReadiness>;
  }
}

/** A route's limit as given to @fastify/rate-limit. */
export interface RouteRateLimit {
  max: number;
  timeWindow: string | number;
}

/**
 * Every route of an app by `METHOD /url`, with its limit or null, as registered. A test walks them
 * so that a public write without a limit cannot ship.
 */
const routeLimits = new WeakMap<FastifyInstance, Map<string, RouteRateLimit | null>>();

export function routeRateLimits(app: FastifyInstance): ReadonlyMap<string, RouteRateLimit | null> {
  return routeLimits.get(app) ?? new Map();
}

/**
 * @fastify/rate-limit for routes that opt in with `config.rateLimit`. With REDIS_URL the counters
 * live in Redis, so every server instance sees the same totals; while Redis is unreachable they are
 * kept in-process (rate-limit-store.ts), so the limits still hold per instance. Without REDIS_URL
 * they are in-process. Redis outages are logged to `log`; `onRefused` hears of every request a
 * limit refuses (the metrics count them).
 */
export async function registerRateLimiting(
  app: FastifyInstance,
  config: Config,
  { log, onRefused }: { log: FastifyBaseLogger; onRefused: (request: FastifyRequest) => void },
): Promise<void> {
  const shared = config.redisUrl ? await createSharedRateLimitStore(config.redisUrl, log) : null;
  if (shared) app.addHook('onClose', () => shared.close());
  app.decorate('rateLimitStore', (): RateLimitStoreState => shared?.state() ?? 'in-process');
  app.decorate(
    'redisReadiness',
    async (): Promise<RedisReadiness> =>
      shared ? ((await shared.ping()) ? 'ok' : 'unreachable') : 'not configured',
  );

  const routes = new Map<string, RouteRateLimit | null>();
  routeLimits.set(app, routes);
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: RouteRateLimit } | undefined)?.rateLimit ?? null;
    for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, limit);
  });

  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: shared.Store } : {}),
    // The store itself never fails (it counts in-process when Redis cannot answer); should anything
    // else go wrong, serve rather than refuse every sign-in.
    skipOnError: true,
    onExceeded: (request) => onRefused(request),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
}
