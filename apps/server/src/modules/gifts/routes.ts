import { normalizeIP } from '@fastify/rate-limit';
import { endpoints } from '@stillpoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/endpoint';
import { perPerson } from '../../http/rate-limit';
import { giftRateLimits } from './rate-limits';
import { createGiftCheckout, type GiftsDependencies, getGiftPurchase, redeemGiftCode } from './service';

export function registerGiftsRoutes(app: FastifyInstance, deps: GiftsDependencies): void {
  registerEndpoint(
    app,
    endpoints.createStripeCheckoutSessionForGift,
    ({ optionalUser, body, request }) => createGiftCheckout(deps, optionalUser, body, request.log),
    { optionalUser: true, rateLimit: giftRateLimits.checkout },
  );
  registerEndpoint(
    app,
    endpoints.getGiftPurchase,
    ({ query, request }) => getGiftPurchase(deps, query, request.log),
    { rateLimit: giftRateLimits.purchaseRead },
  );
  // Redeeming is limited twice: per person (the route's own limit) and per address (this scope's hook).
  app.register(async (scope) => {
    scope.addHook('onRequest', perAddressLimit(scope, 'gift-redeem', giftRateLimits.redeemPerAddress));
    registerEndpoint(
      scope,
      endpoints.redeemCode,
      ({ user, body, request }) =>
        redeemGiftCode(
          { db: deps.db, sandbox: deps.provider.sandbox, log: request.log },
          user.id,
          body.redemptionCode,
          () => new Date(),
        ),
      { rateLimit: { ...giftRateLimits.redeemPerPerson, keyGenerator: perPerson } },
    );
  });
}

const inWords = (seconds: number): string => {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
};

/**
 * A second limit beside a route's own one. @fastify/rate-limit runs one limit hook per request,
 * so this one counts with createRateLimit (which has no such guard) under its own key prefix, and
 * answers like the route limits do: 429, Retry-After, a readable message.
 */
function perAddressLimit(
  scope: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: string },
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  // An IPv6 address counts by its /64, as the plugin's own per-address limits do: one
  // household or host holds the whole block.
  const check = scope.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${name}:${normalizeIP(request.ip)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests. Please try again in ${inWords(result.ttlInSeconds)}.`,
    );
  };
}
