import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../errors';

/**
 * Per-IP limits, per route. The phone routes are the tight ones: each send costs an SMS and each
 * verify is a guess. (The per-number cooldown and hourly cap live in auth/otp.ts.)
 */
export const rateLimits = {
  auth: { max: 120, timeWindow: '1 minute' },
  otpSend: { max: 10, timeWindow: '10 minutes' },
  otpVerify: { max: 20, timeWindow: '10 minutes' },
  extensionExchange: { max: 20, timeWindow: '1 minute' },
  // Public writes anyone can send: each stores a row (and feedback posts to the team chat).
  feedback: { max: 10, timeWindow: '10 minutes' },
  // The web app sends an event per click and scroll step; a busy page stays well under this.
  analytics: { max: 240, timeWindow: '1 minute' },
} as const;

/**
 * @fastify/rate-limit for routes that opt in with `config.rateLimit`. With REDIS_URL the counters
 * live in Redis, so every server instance sees the same totals; otherwise they are in memory.
 */
export async function registerRateLimiting(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // Fail fast: a slow Redis must not hold every auth request.
        connectTimeout: 2_000,
        commandTimeout: 1_000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit store (Redis) error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'stillpoint:rate-limit:' } : {}),
    // If Redis is down, serve rather than fail every sign-in; per-number limits still hold (database).
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
}
