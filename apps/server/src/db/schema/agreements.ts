import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { timestamptz } from './columns';

/** What a person agreed to the terms for: the purchase or trial the agreement came with. */
export const termsAgreementPurchaseKinds = [
  'subscription_checkout',
  'subscription_intent',
  'gift_checkout',
  'free_trial',
] as const;
export type TermsAgreementPurchaseKind = (typeof termsAgreementPurchaseKinds)[number];

// Which version of the terms a person agreed to, when, and with which purchase (docs/payments.md,
// "Agreement and auto-renewal disclosure"). Kept for the payment records after the person's
// account is deleted, without the link to them (user id and e-mail cleared).
export const termsAgreement = pgTable(
  'terms_agreement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The signed-in person; null for a gift bought without signing in, and after erasure.
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    // A gift buyer who was not signed in, once the provider's checkout tells their address.
    email: text('email'),
    termsVersion: text('terms_version').notNull(),
    agreedAt: timestamptz('agreed_at').notNull(),
    purchaseKind: text('purchase_kind', { enum: termsAgreementPurchaseKinds }).notNull(),
    // The provider's checkout session or subscription id, the gift purchase id, or for the no-card
    // trial (once per person) the agreement's own marker of it.
    purchaseRef: text('purchase_ref').notNull(),
  },
  (t) => [
    // A replayed call records nothing twice.
    unique('terms_agreement_purchase_uq').on(t.purchaseKind, t.purchaseRef),
    index('terms_agreement_user_idx').on(t.userId),
    check(
      'terms_agreement_purchase_kind_valid',
      sql`${t.purchaseKind} in ('subscription_checkout', 'subscription_intent', 'gift_checkout', 'free_trial')`,
    ),
  ],
);
