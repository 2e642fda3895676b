import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Result } from 'ioredis';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** incrementScript: the count in the key's window and the window's remaining milliseconds. */
    stillpointRateLimit(key: string, timeWindow: number): Result<[number, number], Context>;
  }
}

/** Where the counters live right now; `/api/readyz` shows it. */
export type RateLimitStoreState = 'redis' | 'in-process' | 'in-process (redis unreachable)';

/** The longest a request waits on Redis before it is counted in-process instead. */
export const redisBudgetMs = 100;

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;

// One fixed window per key: INCR, and on the first hit start the window's expiry.
const incrementScript = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}
`;

/** In-process fixed windows; the counts of this instance only. */
class LocalCounts {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();

  incr(key: string, timeWindow: number): Count {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      // Bounded memory: an address scan must not grow the map without end.
      if (this.windows.size >= 10_000) this.dropEnded(now);
      window = { current: 0, endsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.endsAt - now };
  }

  private dropEnded(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Still full of live windows: forget the oldest rather than grow.
    if (this.windows.size >= 10_000) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
  }
}

export interface SharedRateLimitStore {
  /** The store class to give @fastify/rate-limit. */
  Store: FastifyRateLimitStoreCtor;
  state(): 'redis' | 'in-process (redis unreachable)';
  /**
   * Whether Redis answers a PING within `redisBudgetMs`; false at once while it is known to be down.
   * A PING that fails counts as an outage, as a count that fails does.
   */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Counts in Redis so every instance sees the same totals, and in-process whenever Redis cannot
 * answer within `redisBudgetMs`: the limits keep holding (per instance) and no request waits on a
 * dead Redis. While Redis is down no request tries it; ioredis reconnects in the background. The
 * outage is logged once when it starts and once when it ends.
 */
export async function createSharedRateLimitStore(
  redisUrl: string,
  log: FastifyBaseLogger,
): Promise<SharedRateLimitStore> {
  // Loaded here, not at the top: a server without REDIS_URL never loads ioredis.
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1_000,
    commandTimeout: redisBudgetMs,
    // Fail at once when not connected instead of queueing until a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  redis.defineCommand('stillpointRateLimit', { numberOfKeys: 1, lua: incrementScript });

  let state: 'redis' | 'in-process (redis unreachable)' = 'in-process (redis unreachable)';
  let lastError: string | null = null;
  // Only the first failure of an outage is logged; ioredis reports every reconnect attempt.
  let outageLogged = false;
  let closing = false;
  const markDown = (reason: string) => {
    lastError = reason;
    if (closing) return;
    // A Redis that is connected but failing or not answering: reconnect, so that `ready` tells when
    // it answers again.
    if (redis.status === 'ready') redis.disconnect(true);
    if (state === 'in-process (redis unreachable)' && outageLogged) return;
    state = 'in-process (redis unreachable)';
    outageLogged = true;
    log.error({ reason }, 'Rate limits: Redis is unreachable; counting in-process until it is back');
  };
  redis.on('error', (error: Error) => markDown(error.message));
  redis.on('close', () => markDown(lastError ?? 'connection closed'));
  redis.on('ready', () => {
    if (outageLogged) log.info('Rate limits: Redis is back; counting in Redis again');
    state = 'redis';
    outageLogged = false;
    lastError = null;
  });

  // Startup waits (briefly) for the first connection so a healthy Redis counts from the first request.
  // A Redis that accepts but never answers would hold `connect()` forever, hence the race.
  let startupTimer: NodeJS.Timeout | undefined;
  await Promise.race([
    redis.connect().catch((error: Error) => markDown(error.message)),
    new Promise<void>((resolve) => {
      startupTimer = setTimeout(() => {
        if (state !== 'redis') markDown('no answer at startup');
        resolve();
      }, 1_000);
    }),
  ]);
  clearTimeout(startupTimer);

  const namespace = 'stillpoint:rate-limit:';

  class FailoverStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = namespace,
      private readonly local = new LocalCounts(),
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (state !== 'redis' || redis.status !== 'ready') {
        callback(null, this.local.incr(key, timeWindow));
        return;
      }
      let settled = false;
      const fallBack = (reason: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        markDown(reason);
        callback(null, this.local.incr(key, timeWindow));
      };
      const timer = setTimeout(() => fallBack(`no answer within ${redisBudgetMs} ms`), redisBudgetMs);
      redis.stillpointRateLimit(this.prefix + key, timeWindow).then(
        ([current, ttl]) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          callback(null, { current, ttl });
        },
        (error: Error) => fallBack(error.message),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The same key layout as @fastify/rate-limit's own Redis store: one counter set per route. (The
      // plugin passes the route's merged limit options, the route itself under `routeInfo`.)
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new FailoverStore(undefined, `${namespace}${route.method ?? ''}${route.url ?? ''}-`);
    }
  }

  return {
    Store: FailoverStore as unknown as FastifyRateLimitStoreCtor,
    state: () => state,
    // A Redis that does not answer a PING in time is treated like one that misses a count: the
    // limits move in-process and the connection is made again.
    ping: async () => {
      if (state !== 'redis' || redis.status !== 'ready') return false;
      let timer: NodeJS.Timeout | undefined;
      const noAnswer = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer within ${redisBudgetMs} ms`), redisBudgetMs);
      });
      const failure = await Promise.race([
        redis.ping().then(
          () => null,
          (error: Error) => error.message,
        ),
        noAnswer,
      ]);
      clearTimeout(timer);
      if (failure !== null) markDown(failure);
      return failure === null;
    },
    close: async () => {
      closing = true;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
