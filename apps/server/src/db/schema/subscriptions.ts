import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz, updatedAt } from './columns';

// `support`: premium granted by the team in the support console (docs/support.md).
export const entitlementStores = [
  'app_store',
  'play_store',
  'stripe',
  'promotional',
  'gift',
  'support',
] as const;
export type EntitlementStore = (typeof entitlementStores)[number];

export const entitlementPeriodTypes = ['normal', 'trial', 'intro', 'promotional'] as const;
export type EntitlementPeriodType = (typeof entitlementPeriodTypes)[number];

// What the user has bought or been granted, one row per product: the source of the
// subscriber object of SPEC §3 (subscriptions keyed by product id, entitlements.premium).
// Premium is active while any row has expires_at null or in the future.
export const entitlement = pgTable(
  'entitlement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productIdentifier: text('product_identifier').notNull(),
    store: text('store', { enum: entitlementStores }).notNull(),
    periodType: text('period_type', { enum: entitlementPeriodTypes }).notNull().default('normal'),
    purchasedAt: timestamptz('purchased_at').notNull(),
    // Null means it never expires (lifetime).
    expiresAt: timestamptz('expires_at'),
    isSandbox: boolean('is_sandbox').notNull().default(false),
    // Where it came from: a payment subscription id, a redemption code, ...
    sourceRef: text('source_ref'),
    // The instant the state written here was true at its source (a store event's timestamp, the
    // time a payment subscription was fetched). An older one never overwrites a newer one, so
    // events arriving out of order end in the newest state.
    sourceObservedAt: timestamptz('source_observed_at'),
    // When its payment source last reported a failed charge it is still retrying (a web plan past
    // due); null while payments go through. Premium stays on meanwhile, until expires_at.
    billingIssueDetectedAt: timestamptz('billing_issue_detected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Subscriptions are keyed by product id; renewals and webhooks upsert the one row.
    unique('entitlement_user_product_uq').on(t.userId, t.productIdentifier),
    // The trial reminders' sweep reads the trials ending in a window (trialRowsEndingWithin);
    // without this it reads every entitlement on each run.
    index('entitlement_trial_expires_at_idx').on(t.expiresAt).where(sql`${t.periodType} = 'trial'`),
    check(
      'entitlement_store_valid',
      sql`${t.store} in ('app_store', 'play_store', 'stripe', 'promotional', 'gift', 'support')`,
    ),
    check(
      'entitlement_period_type_valid',
      sql`${t.periodType} in ('normal', 'trial', 'intro', 'promotional')`,
    ),
  ],
);

// The automatic no-card trial starts once per user: startFreeTrial inserts here with
// ON CONFLICT DO NOTHING, and startedTrial is whether a row was inserted.
export const freeTrial = pgTable('free_trial', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
});
