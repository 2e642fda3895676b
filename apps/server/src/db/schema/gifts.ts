import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';
import { paymentProviders } from './payments';

export const giftPurchaseStatuses = ['pending', 'paid', 'expired'] as const;
export type GiftPurchaseStatus = (typeof giftPurchaseStatuses)[number];

// A gift checkout (1 year of premium × quantity). Buying needs no sign-in.
export const giftPurchase = pgTable(
  'gift_purchase',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    // Set when the buyer happened to be signed in.
    purchaserUserId: text('purchaser_user_id').references(() => user.id, { onDelete: 'set null' }),
    // Known once the provider's checkout completes.
    purchaserEmail: text('purchaser_email'),
    // The webhook finds the purchase by it; unique so fulfilment runs once per checkout.
    // Nullable so the row can exist before the session is created.
    checkoutSessionId: text('checkout_session_id').unique(),
    quantity: integer('quantity').notNull(),
    priceId: text('price_id').notNull(),
    referralGroup: text('referral_group'),
    status: text('status', { enum: giftPurchaseStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
    paidAt: timestamptz('paid_at'),
    // The buyer's confirmation e-mail: sent once, by whichever delivery of the payment claims it
    // first. A claim lapses, so a send that crashed is tried again by the next delivery.
    confirmationEmailClaimedUntil: timestamptz('confirmation_email_claimed_until'),
    confirmationEmailSentAt: timestamptz('confirmation_email_sent_at'),
    // The provider's charge that paid it (`ch_…`), set when it turns paid: a refund's webhook
    // names the charge, and finds the purchase by it.
    paymentId: text('payment_id').unique(),
  },
  (t) => [
    check('gift_purchase_quantity_range', sql`${t.quantity} between 1 and 20`),
    check('gift_purchase_provider_valid', sql`${t.provider} in ('stripe', 'local')`),
    check('gift_purchase_status_valid', sql`${t.status} in ('pending', 'paid', 'expired')`),
  ],
);

// One code per gifted year. Redeeming is `UPDATE ... WHERE redeemed_at IS NULL`, so a
// code is used once even under concurrent redeems.
export const redemptionCode = pgTable(
  'redemption_code',
  {
    // 6 characters, upper case (SPEC §5); clients upper-case and truncate input.
    code: text('code').primaryKey(),
    giftPurchaseId: uuid('gift_purchase_id')
      .notNull()
      .references(() => giftPurchase.id, { onDelete: 'cascade' }),
    redeemedByUserId: text('redeemed_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    redeemedAt: timestamptz('redeemed_at'),
    // Its purchase was refunded (in part): it can no longer be redeemed. Only an unredeemed code
    // is ever voided.
    voidedAt: timestamptz('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('redemption_code_format', sql`${t.code} ~ '^[A-Z0-9]{6}$'`),
    check('redemption_code_voided_unredeemed', sql`${t.voidedAt} is null or ${t.redeemedAt} is null`),
    // Codes of one purchase, for the confirmation e-mail and success page.
    index('redemption_code_gift_purchase_idx').on(t.giftPurchaseId),
  ],
);
