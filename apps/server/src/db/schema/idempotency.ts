import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// One row per Idempotency-Key a caller sent to a call that takes one (docs/payments.md, "Once per
// click"). The primary key is the claim: one insert wins, every other request with the same key
// reads the winner's answer. The answer's status and body are null while the first request runs.
// Rows are deleted 24 hours after they were made.
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    // `user:<id>` for a signed-in caller, else `address:<ip>`.
    caller: text('caller').notNull(),
    // The call's path, e.g. /sendFeedback.
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    // SHA-256 of the request's query and body, so a key reused for other input is refused.
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.endpoint, t.key] }),
    index('idempotency_key_created_at_idx').on(t.createdAt),
  ],
);
