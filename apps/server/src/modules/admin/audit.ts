import type { AdminAuditEvent } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditEventRow, findAuditEvent, insertAuditEvent, listAuditEvents } from './repo';

/** What an admin did, as the audit log names it. */
export type AuditAction =
  | 'grantPremium'
  | 'revokeGrant'
  | 'refundPayment'
  | 'refundGiftPurchase'
  | 'resendGiftEmail'
  | 'deleteAccount';

export interface AuditEntry {
  actorUid: string;
  action: AuditAction;
  targetUid: string | null;
  targetRef: string | null;
  reason: string;
  /** Ids and figures only: never a contact detail, which the row would keep after an account's deletion. */
  details: Record<string, unknown>;
}

export const toAuditEvent = (row: AuditEventRow): AdminAuditEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  actorUid: row.actorUid,
  action: row.action,
  targetUid: row.targetUid,
  targetRef: row.targetRef,
  reason: row.reason,
  details: row.details,
});

/** Appends one event; pass a transaction as `db` to make it part of the action's own work. */
export const recordAudit = (db: Database, entry: AuditEntry) => insertAuditEvent(db, entry);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row a `before` cursor names; a cursor no page gave is a 400. */
export async function cursorRow<T>(before: string | undefined, find: (id: string) => Promise<T | null>) {
  if (before === undefined) return undefined;
  const row = UUID.test(before) ? await find(before) : null;
  if (!row) throw new AppError('BAD_REQUEST', 'before must be the nextBefore of an earlier page');
  return row;
}

export const DEFAULT_PAGE = 50;

/** A page of events, newest first, and the cursor of the next page (null on the last). */
export async function auditEventsPage(
  db: Database,
  query: { uid?: string | undefined; before?: string | undefined; limit?: number | undefined },
) {
  const limit = query.limit ?? DEFAULT_PAGE;
  const before = await cursorRow(query.before, (id) => findAuditEvent(db, id));
  const rows = await listAuditEvents(db, {
    ...(query.uid ? { targetUid: query.uid } : {}),
    ...(before ? { before } : {}),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    events: page.map(toAuditEvent),
    nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
