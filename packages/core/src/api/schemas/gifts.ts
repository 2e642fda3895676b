import { z } from 'zod';
import { redemptionCodeSchema } from '../../validation/codes';
import { giftQuantitySchema } from '../../validation/gift';
import { defineEndpoint } from '../endpoint';
import { isoDateTimeSchema, priceIdSchema, returnPathSchema } from './common';
import { redirectUrlSchema } from './payments';

export const giftCheckoutBodySchema = z.strictObject({
  cancelPath: returnPathSchema('cancelPath'),
  successPath: returnPathSchema('successPath'),
  priceId: priceIdSchema,
  quantity: giftQuantitySchema,
  referralGroup: z.string().trim().max(100, 'referralGroup is too long').optional(),
});

export const redeemCodeBodySchema = z.strictObject({ redemptionCode: redemptionCodeSchema });

/** premiumUntil: when the gifted year ends. */
export const redeemCodeResponseSchema = z.object({ premiumUntil: isoDateTimeSchema });

export const giftsEndpoints = {
  createStripeCheckoutSessionForGift: defineEndpoint({
    method: 'POST',
    path: '/createStripeCheckoutSessionForGift',
    summary: 'A hosted checkout for 1 to 20 one-year gifts; no sign-in needed. Redirect to data.url.',
    auth: 'public',
    body: giftCheckoutBodySchema,
    response: redirectUrlSchema,
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
