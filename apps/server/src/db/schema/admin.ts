import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

// The support console's audit log (docs/support.md): one row per admin action, written before or
// with the action and never changed or deleted by the product. The uids are plain text without a
// foreign key to `user`, so the trail outlives the accounts it names: the row that records an
// account's deletion stays, naming an id that no longer belongs to anyone.
export const adminAuditEvent = pgTable(
  'admin_audit_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUid: text('actor_uid').notNull(),
    // grantPremium, revokeGrant, refundPayment, resendGiftEmail, deleteAccount.
    action: text('action').notNull(),
    // The person acted on, when the action has one.
    targetUid: text('target_uid'),
    // The object acted on: an entitlement, a payment, a gift purchase.
    targetRef: text('target_ref'),
    reason: text('reason').notNull(),
    // What the action did (a grant's end, a refund's amount); ids and figures, never contact details.
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    // Newest first, all of them or one person's.
    index('admin_audit_event_at_idx').on(t.at, t.id),
    index('admin_audit_event_target_idx').on(t.targetUid, t.at, t.id),
  ],
);
