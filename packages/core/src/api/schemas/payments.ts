import { z } from 'zod/mini';
import { FREE_TRIAL_DAYS } from '../../constants/plans';
import { defineEndpoint } from '../endpoint';
import { entityIdSchema, priceIdSchema, queryBooleanSchema, returnPathSchema } from './common';
import { emailSchema } from './fields';

/** A price as the payment provider reports it: unit_amount in cents and a lower-case currency code. */
export const priceSchema = z.object({
  unit_amount: z.int().check(z.minimum(0)),
  currency: z.string(),
});
export type Price = z.infer<typeof priceSchema>;

export const redirectUrlSchema = z.object({ url: z.string() });

/**
 * The version of the terms of service the page showed beside the button that started this trial
 * or purchase (core's TERMS_VERSION), recorded with it. Optional, so callers that show the terms
 * themselves (SPEC §7: the mobile apps) keep working; any version but the current one is a 409.
 */
export const termsVersionSchema = z
  .string({ error: 'termsVersion must be text' })
  .check(z.trim(), z.minLength(1, 'termsVersion is required'), z.maxLength(40, 'termsVersion is too long'));

export const checkoutSubscriptionQuerySchema = z.object({
  priceId: priceIdSchema,
  cancelPath: returnPathSchema('cancelPath'),
  successPath: returnPathSchema('successPath'),
  skipTrial: z.optional(queryBooleanSchema('skipTrial')),
  deferPayment: z.optional(queryBooleanSchema('deferPayment')),
  termsVersion: z.optional(termsVersionSchema),
});

/** userId must be the signed-in user's own id; the server answers 404 for anyone else's. */
const userIdSchema = entityIdSchema('userId');

export const getStripeCustomerBodySchema = z.strictObject({ userId: userIdSchema });

/** Exactly one of userId (signed in) or email (checkout before sign-in). */
export const createStripeCustomerBodySchema = z
  .strictObject({ userId: z.optional(userIdSchema), email: z.optional(emailSchema) })
  .check(
    z.refine((body) => (body.userId === undefined) !== (body.email === undefined), {
      message: 'Send exactly one of userId or email',
    }),
  );

export const subscriptionIntentBodySchema = z.strictObject({
  userId: userIdSchema,
  priceId: priceIdSchema,
  numTrialDays: z
    .number({ error: 'numTrialDays must be a number' })
    .check(
      z.int('numTrialDays must be a whole number'),
      z.minimum(0, 'numTrialDays must be 0 or more'),
      z.maximum(FREE_TRIAL_DAYS, `numTrialDays can be at most ${FREE_TRIAL_DAYS}`),
    ),
  termsVersion: z.optional(termsVersionSchema),
});

/** 'setup' confirms a card for a trial; 'payment' charges now. */
export const subscriptionIntentSchema = z.object({
  clientSecret: z.string(),
  type: z.enum(['setup', 'payment']),
  subscriptionId: z.string(),
});
export type SubscriptionIntent = z.infer<typeof subscriptionIntentSchema>;

/** Which payment backend the server runs and the environment's price ids (SPEC §3 price entries). */
export const paymentConfigSchema = z.object({
  provider: z.enum(['stripe', 'local']),
  /** Stripe's publishable key; null for the local test provider. */
  publishableKey: z.nullable(z.string()),
  prices: z.object({
    monthly: z.string(),
    annual: z.string(),
    annual50Dollars: z.string(),
    annualWinback25Dollars: z.string(),
    annualWinback35Dollars: z.string(),
    gift: z.string(),
    biennial90Dollars: z.string(),
  }),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * What a plan bought now would charge (core's checkoutTrial and firstCharge, decided by the
 * server): whether checkout adds free days (a first trial), carries over what is left of the
 * no-card trial (credit) or charges today (none); what is due today; and the first charge. Dates
 * are ISO strings; amounts in cents.
 */
export const checkoutTermsSchema = z.object({
  trial: z.enum(['freeDays', 'credit', 'none']),
  /** When the trial would end for a checkout completed now; null without one. */
  trialEndsAt: z.nullable(z.string()),
  dueToday: z.int().check(z.minimum(0)),
  firstChargeAt: z.string(),
  firstChargeAmount: z.int().check(z.minimum(0)),
  currency: z.string(),
});
export type CheckoutTerms = z.infer<typeof checkoutTermsSchema>;

/**
 * What the person's premium came from, for the confirmation shown after a purchase or a trial
 * start (and the receipt e-mail): a web plan, or the no-card trial. Dates are ISO strings.
 */
export const purchaseSummarySchema = z.object({
  kind: z.enum(['plan', 'freeTrial']),
  /** How the plan is billed; null for the no-card trial. */
  plan: z.nullable(z.enum(['monthly', 'annual', 'biennial'])),
  /** When the trial ends (the plan's trial, or the no-card trial); null when not on a trial. */
  trialEndsAt: z.nullable(z.string()),
  /** The plan's first charge: to come at the trial's end, or paid already; null when none will come. */
  firstCharge: z.nullable(
    z.object({
      at: z.string(),
      amount: z.int().check(z.minimum(0)),
      currency: z.string(),
      paid: z.boolean(),
    }),
  ),
  /** The plan is canceled at its period's end: nothing more is charged. */
  cancelAtPeriodEnd: z.boolean(),
  /** The address the receipt went to, once it has gone. */
  receiptSentTo: z.nullable(z.string()),
});
export type PurchaseSummary = z.infer<typeof purchaseSummarySchema>;

export const paymentsEndpoints = {
  getPaymentConfig: defineEndpoint({
    method: 'GET',
    path: '/getPaymentConfig',
    summary: "The payment backend and this environment's price ids, so pages price and buy the right plan.",
    auth: 'public',
    response: paymentConfigSchema,
  }),
  getStripePrice: defineEndpoint({
    method: 'GET',
    path: '/getStripePrice',
    summary: 'The amount and currency of a price id.',
    auth: 'public',
    query: z.object({ priceId: priceIdSchema }),
    response: priceSchema,
  }),
  createStripeCheckoutSessionForSubscription: defineEndpoint({
    method: 'GET',
    path: '/createStripeCheckoutSessionForSubscription',
    summary: 'A hosted checkout for a subscription price; the client redirects to data.url.',
    auth: 'user',
    query: checkoutSubscriptionQuerySchema,
    idempotent: true,
    response: redirectUrlSchema,
  }),
  getStripeCustomer: defineEndpoint({
    method: 'POST',
    path: '/getStripeCustomer',
    summary: "The user's payment customer, if any, and whether it has an active subscription.",
    auth: 'user',
    body: getStripeCustomerBodySchema,
    response: z.object({ customerId: z.nullable(z.string()), hasActiveSubscriptions: z.boolean() }),
  }),
  createStripeCustomer: defineEndpoint({
    method: 'POST',
    path: '/createStripeCustomer',
    summary: 'Create (or return the existing) payment customer for a user id or an e-mail.',
    auth: 'public',
    body: createStripeCustomerBodySchema,
    response: z.object({ customerId: z.string() }),
  }),
  getStripeSubscriptionIntent: defineEndpoint({
    method: 'POST',
    path: '/getStripeSubscriptionIntent',
    summary: 'Create a subscription and the secret the payment form confirms it with.',
    auth: 'user',
    body: subscriptionIntentBodySchema,
    response: subscriptionIntentSchema,
  }),
  getCheckoutTerms: defineEndpoint({
    method: 'GET',
    path: '/getCheckoutTerms',
    summary:
      'What buying this plan now charges the signed-in person: the trial, what is due today and the first charge.',
    auth: 'user',
    query: z.object({ priceId: priceIdSchema }),
    response: checkoutTermsSchema,
  }),
  getPurchaseSummary: defineEndpoint({
    method: 'GET',
    path: '/getPurchaseSummary',
    summary:
      "What the signed-in person's premium came from (a web plan or the no-card trial), for the confirmation; null otherwise.",
    auth: 'user',
    response: z.nullable(purchaseSummarySchema),
  }),
};
