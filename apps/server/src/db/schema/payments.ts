import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz, updatedAt } from './columns';

export const paymentProviders = ['stripe', 'local'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

// The user's customer record at a payment provider. Keyed by (user, provider) so moving
// between the local test provider and Stripe never reuses the other's customer id.
export const paymentCustomer = pgTable(
  'payment_customer',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    // Webhooks carry only the customer id; this finds the user.
    customerId: text('customer_id').notNull().unique(),
    // While set and in the future, one request holds the right to start this person's purchase
    // (a hosted checkout or the embedded form's subscription), so two tabs cannot start two. A
    // lease rather than a transaction: the provider calls made while holding it may take seconds.
    purchaseLockUntil: timestamptz('purchase_lock_until'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'payment_customer_pk', columns: [t.userId, t.provider] }),
    check('payment_customer_provider_valid', sql`${t.provider} in ('stripe', 'local')`),
  ],
);

// A provider subscription, mirrored from creation and webhooks.
export const paymentSubscription = pgTable(
  'payment_subscription',
  {
    // The provider's subscription id (e.g. sub_...), so webhook updates are upserts.
    id: text('id').primaryKey(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    priceId: text('price_id').notNull(),
    // Provider status as-is (trialing, active, past_due, canceled, incomplete, ...).
    status: text('status').notNull(),
    trialStart: timestamptz('trial_start'),
    trialEnd: timestamptz('trial_end'),
    currentPeriodStart: timestamptz('current_period_start'),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: timestamptz('ended_at'),
    // How it is paid, as a person reads it ('Visa ending in 4242'); null without a card.
    paymentMethod: text('payment_method'),
    // Made for the embedded form with a trial whose card was never set up: the provider reports it
    // trialing, yet it grants nothing and is no live subscription until the setup succeeds.
    awaitingPaymentMethod: boolean('awaiting_payment_method').notNull().default(false),
    // Test-mode purchases (Stripe test keys, the local provider).
    isSandbox: boolean('is_sandbox').notNull().default(false),
    // The receipt e-mail, once per purchase however often its events arrive: a delivery claims it
    // until receipt_claimed_until (so a stopped server's claim runs out), then records when it was
    // settled and the address it went to (null: the customer had none, so nothing was sent).
    receiptClaimedUntil: timestamptz('receipt_claimed_until'),
    receiptSentAt: timestamptz('receipt_sent_at'),
    receiptSentTo: text('receipt_sent_to'),
    // When the provider's object was fetched for the state stored here; a write observed earlier
    // than the stored one is dropped, so late events never overwrite newer state.
    syncedAt: timestamptz('synced_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_subscription_provider_valid', sql`${t.provider} in ('stripe', 'local')`),
    // "Does this user have an active subscription?" (getStripeCustomer, checkout guard).
    index('payment_subscription_user_status_idx').on(t.userId, t.status),
  ],
);

// Webhook events already handled. Fulfilment inserts here in the same transaction, so
// a redelivered event conflicts and is skipped.
export const processedPaymentEvent = pgTable(
  'processed_payment_event',
  {
    provider: text('provider', { enum: paymentProviders }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: timestamptz('processed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'processed_payment_event_pk', columns: [t.provider, t.eventId] }),
    check('processed_payment_event_provider_valid', sql`${t.provider} in ('stripe', 'local')`),
  ],
);

// The local test provider's objects (customers, subscriptions, intents, checkout and portal
// sessions, events), stored like Stripe's: an id, a type and the object as JSON. Only
// integrations/payments/local reads or writes it; production never runs that provider.
export const localPaymentObject = pgTable(
  'local_payment_object',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    customerId: text('customer_id'),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('local_payment_object_type_customer_idx').on(t.type, t.customerId)],
);
