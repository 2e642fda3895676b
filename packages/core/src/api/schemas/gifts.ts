import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { isoDateTimeSchema, priceIdSchema, returnPathSchema } from './common';
import { giftQuantitySchema, redemptionCodeSchema } from './fields';
import { redirectUrlSchema, termsVersionSchema } from './payments';

export const giftCheckoutBodySchema = z.strictObject({
  cancelPath: returnPathSchema('cancelPath'),
  successPath: returnPathSchema('successPath'),
  priceId: priceIdSchema,
  quantity: giftQuantitySchema,
  referralGroup: z.optional(z.string().check(z.trim(), z.maxLength(100, 'referralGroup is too long'))),
  termsVersion: z.optional(termsVersionSchema),
});

export const redeemCodeBodySchema = z.strictObject({ redemptionCode: redemptionCodeSchema });

/** premiumUntil: when the gifted year ends. */
export const redeemCodeResponseSchema = z.object({ premiumUntil: isoDateTimeSchema });

/**
 * Where /gift's success page reads what was bought: the checkout's id (the success URL carries it
 * as `session_id`) and one of its codes (`redemptionCode`). Both must match, so a forged or
 * guessed code alone reveals nothing.
 */
export const giftPurchaseQuerySchema = z.object({
  sessionId: z
    .string({ error: 'sessionId must be text' })
    .check(z.trim(), z.minLength(1, 'sessionId is required'), z.maxLength(255)),
  redemptionCode: redemptionCodeSchema,
});

/**
 * 'pending' until the provider confirms the payment (the webhook may arrive after the buyer is
 * back); codes are listed only once it is 'paid'. redeemUrl is the redeem page's address.
 */
export const giftPurchaseResponseSchema = z.object({
  status: z.enum(['pending', 'paid']),
  quantity: z.int(),
  codes: z.array(z.string()),
  /** Codes a refund of the purchase voided: listed, but they can no longer be redeemed. */
  voidedCodes: z.array(z.string()),
  email: z.nullable(z.string()),
  redeemUrl: z.string(),
});

export const giftsEndpoints = {
  createStripeCheckoutSessionForGift: defineEndpoint({
    method: 'POST',
    path: '/createStripeCheckoutSessionForGift',
    summary: 'A hosted checkout for 1 to 20 one-year gifts; no sign-in needed. Redirect to data.url.',
    auth: 'public',
    body: giftCheckoutBodySchema,
    idempotent: true,
    response: redirectUrlSchema,
  }),
  getGiftPurchase: defineEndpoint({
    method: 'GET',
    path: '/getGiftPurchase',
    summary:
      "A gift checkout's state and, once paid, every code it bought; 404 unless the code is the checkout's.",
    auth: 'public',
    query: giftPurchaseQuerySchema,
    response: giftPurchaseResponseSchema,
  }),
  redeemCode: defineEndpoint({
    method: 'POST',
    path: '/redeemCode',
    summary: 'Redeem a gift code for a year of premium.',
    auth: 'user',
    body: redeemCodeBodySchema,
    response: redeemCodeResponseSchema,
  }),
};
