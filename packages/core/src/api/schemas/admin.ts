import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { deleteAccountResponseSchema } from './account';
import { entityIdSchema, queryIntegerSchema } from './common';

/**
 * The support console's calls (docs/support.md). Every one is `auth: 'admin'`: 401 without a
 * session, 403 for anyone the server's configuration does not name as an admin. Every call that
 * changes something takes a reason and leaves an audit event.
 */

/** Why an admin acted, kept in the audit log beside the action. */
export const adminReasonSchema = z
  .string({ error: 'reason must be text' })
  .check(
    z.trim(),
    z.minLength(3, 'reason is required: say why, in a few words'),
    z.maxLength(500, 'reason must be at most 500 characters'),
  );

/** Pages of a newest-first list: at most `limit` rows older than the `before` cursor. */
const pageQuery = {
  before: z.optional(entityIdSchema('before')),
  limit: z.optional(
    z.pipe(
      queryIntegerSchema('limit'),
      z.number().check(z.minimum(1, 'limit must be 1 or more'), z.maximum(100, 'limit must be at most 100')),
    ),
  ),
};

/** Where an entitlement came from, in the console's words. */
export const adminEntitlementSources = ['trial', 'store', 'web', 'gift', 'support'] as const;
export type AdminEntitlementSource = (typeof adminEntitlementSources)[number];

/** What a search matched on. */
export const adminMatchKinds = ['phone', 'email', 'uid', 'giftCode', 'paymentId', 'customerId'] as const;

export const adminPersonSummarySchema = z.object({
  uid: z.string(),
  phoneNumber: z.nullable(z.string()),
  email: z.nullable(z.string()),
  createdAt: z.string(),
  matchedBy: z.enum(adminMatchKinds),
});
export type AdminPersonSummary = z.infer<typeof adminPersonSummarySchema>;

export const adminAuditEventSchema = z.object({
  id: z.string(),
  /** ISO time of the action. */
  at: z.string(),
  actorUid: z.string(),
  /** What was done: grantPremium, revokeGrant, refundPayment, refundGiftPurchase, resendGiftEmail, deleteAccount. */
  action: z.string(),
  /** The person acted on, null when the action has none; kept after their account is deleted (docs/support.md). */
  targetUid: z.nullable(z.string()),
  /** The object acted on: an entitlement, a payment, a gift purchase. */
  targetRef: z.nullable(z.string()),
  reason: z.string(),
  /** What the action did, e.g. the grant's end or the refunded amount. */
  details: z.record(z.string(), z.unknown()),
});
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;

export const adminEntitlementSchema = z.object({
  id: z.string(),
  productIdentifier: z.string(),
  source: z.enum(adminEntitlementSources),
  periodType: z.string(),
  purchasedAt: z.string(),
  expiresAt: z.nullable(z.string()),
  inForce: z.boolean(),
  sourceRef: z.nullable(z.string()),
  isSandbox: z.boolean(),
});
export type AdminEntitlement = z.infer<typeof adminEntitlementSchema>;

export const adminSubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  productIdentifier: z.nullable(z.string()),
  currentPeriodEnd: z.nullable(z.string()),
  cancelAtPeriodEnd: z.boolean(),
});

export const adminPaymentSchema = z.object({
  /** The provider's id of the charge; refunds name it. */
  id: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  paidAt: z.string(),
  refundedCents: z.number(),
  description: z.nullable(z.string()),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminGiftPurchaseSchema = z.object({
  id: z.string(),
  status: z.string(),
  quantity: z.number(),
  purchasedAt: z.string(),
  /** Where the confirmation e-mail with the codes goes. */
  email: z.nullable(z.string()),
  /** The charge that paid it (`ch_…`); null until paid. */
  paymentId: z.nullable(z.string()),
  /** What was paid and how much of it has been refunded, as the provider has it; null when unknown. */
  payment: z.nullable(z.object({ amountCents: z.number(), currency: z.string(), refundedCents: z.number() })),
  codes: z.array(
    z.object({
      code: z.string(),
      redeemedByUid: z.nullable(z.string()),
      redeemedAt: z.nullable(z.string()),
      /** Set when a refund of the purchase voided it: it can no longer be redeemed. */
      voidedAt: z.nullable(z.string()),
    }),
  ),
});
export type AdminGiftPurchase = z.infer<typeof adminGiftPurchaseSchema>;

export const adminSiteSchema = z.object({
  siteOrigin: z.string(),
  budget: z.number(),
  sessionsToday: z.number(),
  /** ISO end of the session running now; null when none is. */
  activeSessionEndsAt: z.nullable(z.string()),
});

export const adminPersonSchema = z.object({
  account: z.object({
    uid: z.string(),
    phoneNumber: z.nullable(z.string()),
    email: z.nullable(z.string()),
    createdAt: z.string(),
    signInMethods: z.array(z.string()),
  }),
  premium: z.object({ active: z.boolean(), until: z.nullable(z.string()) }),
  entitlements: z.array(adminEntitlementSchema),
  subscriptions: z.array(adminSubscriptionSchema),
  payments: z.array(adminPaymentSchema),
  giftPurchases: z.array(adminGiftPurchaseSchema),
  giftRedemptions: z.array(
    z.object({ code: z.string(), redeemedAt: z.string(), giftPurchaseId: z.string() }),
  ),
  sites: z.array(adminSiteSchema),
  auditEvents: z.array(adminAuditEventSchema),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

export const adminFeedbackKinds = ['feedback', 'uninstall'] as const;

export const adminFeedbackItemSchema = z.object({
  id: z.string(),
  kind: z.enum(adminFeedbackKinds),
  createdAt: z.string(),
  content: z.nullable(z.string()),
  /** Where it was sent from (feedback), or the uninstall reason. */
  location: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  uid: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  extensionVersion: z.nullable(z.string()),
});
export type AdminFeedbackItem = z.infer<typeof adminFeedbackItemSchema>;

export const adminClientErrorSchema = z.object({
  id: z.string(),
  at: z.string(),
  message: z.string(),
  stack: z.nullable(z.string()),
  route: z.string(),
  release: z.string(),
  userAgent: z.nullable(z.string()),
  uid: z.nullable(z.string()),
});
export type AdminClientError = z.infer<typeof adminClientErrorSchema>;

const uidField = entityIdSchema('uid');

/** How much to refund, in cents; left out, the whole remaining amount. */
const refundAmountSchema = z.optional(
  z
    .number({ error: 'amountCents must be a number' })
    .check(z.int('amountCents must be whole cents'), z.minimum(1, 'amountCents must be at least 1')),
);

const adminRefundResponseSchema = z.object({
  refundId: z.string(),
  amountCents: z.number(),
  status: z.string(),
});

export const adminEndpoints = {
  adminGetSelf: defineEndpoint({
    method: 'GET',
    path: '/admin/getSelf',
    summary: 'Whether the signed-in person is an admin: 200 with their uid, 403 when not.',
    auth: 'admin',
    response: z.object({ uid: z.string() }),
  }),
  adminFindPeople: defineEndpoint({
    method: 'GET',
    path: '/admin/findPeople',
    summary:
      "People matching a phone number, e-mail, user id, gift code, payment id or customer id, at most 20, and the gift purchases the text names (a code, the buyer's e-mail, the purchase or its charge).",
    auth: 'admin',
    query: z.strictObject({
      q: z
        .string({ error: 'q must be text' })
        .check(z.trim(), z.minLength(1, 'q is required'), z.maxLength(200, 'q is too long')),
    }),
    response: z.object({
      people: z.array(adminPersonSummarySchema),
      giftPurchases: z.array(adminGiftPurchaseSchema),
    }),
  }),
  adminGetPerson: defineEndpoint({
    method: 'GET',
    path: '/admin/getPerson',
    summary:
      "One person's account, entitlements and their sources, subscriptions, payments, gifts, sites today and the admin actions taken on them; 404 when unknown.",
    auth: 'admin',
    query: z.strictObject({ uid: uidField }),
    response: adminPersonSchema,
  }),
  adminGrantPremium: defineEndpoint({
    method: 'POST',
    path: '/admin/grantPremium',
    summary: 'Grant premium until a date (source support), with a reason; audit-logged.',
    auth: 'admin',
    idempotent: true,
    body: z.strictObject({
      uid: uidField,
      /** ISO date-time in the future, at most 5 years on. */
      until: z.iso.datetime({ offset: true, error: 'until must be an ISO date and time' }),
      reason: adminReasonSchema,
    }),
    response: z.object({ entitlementId: z.string(), until: z.string() }),
  }),
  adminRevokeGrant: defineEndpoint({
    method: 'POST',
    path: '/admin/revokeGrant',
    summary: 'End a support grant now, with a reason; audit-logged. Only support grants can be revoked here.',
    auth: 'admin',
    body: z.strictObject({
      uid: uidField,
      entitlementId: entityIdSchema('entitlementId'),
      reason: adminReasonSchema,
    }),
    response: z.object({ revoked: z.literal(true) }),
  }),
  adminRefundPayment: defineEndpoint({
    method: 'POST',
    path: '/admin/refundPayment',
    summary:
      "Refund a person's payment, all of it or part, through the payment provider; the provider's webhook then changes premium. Audit-logged.",
    auth: 'admin',
    idempotent: true,
    body: z.strictObject({
      uid: uidField,
      paymentId: entityIdSchema('paymentId'),
      amountCents: refundAmountSchema,
      reason: adminReasonSchema,
    }),
    response: adminRefundResponseSchema,
  }),
  adminRefundGiftPurchase: defineEndpoint({
    method: 'POST',
    path: '/admin/refundGiftPurchase',
    summary:
      "Refund a gift purchase, all of it or part, through the payment provider; the provider's webhook then voids its unredeemed codes in proportion. Audit-logged.",
    auth: 'admin',
    idempotent: true,
    body: z.strictObject({
      giftPurchaseId: entityIdSchema('giftPurchaseId'),
      amountCents: refundAmountSchema,
      reason: adminReasonSchema,
    }),
    response: adminRefundResponseSchema,
  }),
  adminResendGiftEmail: defineEndpoint({
    method: 'POST',
    path: '/admin/resendGiftEmail',
    summary: "Send a gift purchase's confirmation e-mail with its codes again, with a reason; audit-logged.",
    auth: 'admin',
    idempotent: true,
    body: z.strictObject({ giftPurchaseId: entityIdSchema('giftPurchaseId'), reason: adminReasonSchema }),
    response: z.object({ sentTo: z.string() }),
  }),
  adminDeleteAccount: defineEndpoint({
    method: 'POST',
    path: '/admin/deleteAccount',
    summary: "Delete a person's account for good, as they could themselves, with a reason; audit-logged.",
    auth: 'admin',
    body: z.strictObject({ uid: uidField, reason: adminReasonSchema, confirm: z.literal('DELETE') }),
    response: deleteAccountResponseSchema,
  }),
  adminListFeedback: defineEndpoint({
    method: 'GET',
    path: '/admin/listFeedback',
    summary: 'Feedback and uninstall feedback, newest first, filtered by kind and words.',
    auth: 'admin',
    query: z.strictObject({
      kind: z.optional(z.enum(adminFeedbackKinds, { error: 'kind must be feedback or uninstall' })),
      q: z.optional(z.string({ error: 'q must be text' }).check(z.trim(), z.maxLength(200, 'q is too long'))),
      ...pageQuery,
    }),
    response: z.object({ items: z.array(adminFeedbackItemSchema), nextBefore: z.nullable(z.string()) }),
  }),
  adminListAuditEvents: defineEndpoint({
    method: 'GET',
    path: '/admin/listAuditEvents',
    summary: 'Every admin action, newest first; for one person with uid.',
    auth: 'admin',
    query: z.strictObject({ uid: z.optional(uidField), ...pageQuery }),
    response: z.object({ events: z.array(adminAuditEventSchema), nextBefore: z.nullable(z.string()) }),
  }),
  adminListClientErrors: defineEndpoint({
    method: 'GET',
    path: '/admin/listClientErrors',
    summary: "Errors people's browsers reported in the last 30 days, newest first.",
    auth: 'admin',
    query: z.strictObject({ ...pageQuery }),
    response: z.object({ reports: z.array(adminClientErrorSchema), nextBefore: z.nullable(z.string()) }),
  }),
};
