import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminAuditEvent } from '../../db/schema';

// The audit log's SQL. Append-only: this file inserts and reads, and nothing in the product
// updates or deletes a row (docs/support.md, "The audit log").

export type AuditEventRow = typeof adminAuditEvent.$inferSelect;
export type NewAuditEvent = Omit<AuditEventRow, 'id' | 'at'> & { at?: Date };

export async function insertAuditEvent(db: Database, event: NewAuditEvent): Promise<AuditEventRow> {
  const [row] = await db.insert(adminAuditEvent).values(event).returning();
  if (!row) throw new Error('audit event was not stored');
  return row;
}

export async function findAuditEvent(db: Database, id: string): Promise<AuditEventRow | null> {
  const [row] = await db.select().from(adminAuditEvent).where(eq(adminAuditEvent.id, id));
  return row ?? null;
}

/** Newest first: all events or one person's, older than the cursor row when one is given. */
export function listAuditEvents(
  db: Database,
  { targetUid, before, limit }: { targetUid?: string; before?: AuditEventRow; limit: number },
): Promise<AuditEventRow[]> {
  const conditions: SQL[] = [];
  if (targetUid) conditions.push(eq(adminAuditEvent.targetUid, targetUid));
  if (before) {
    const older = or(
      lt(adminAuditEvent.at, before.at),
      and(eq(adminAuditEvent.at, before.at), lt(adminAuditEvent.id, before.id)),
    );
    if (older) conditions.push(older);
  }
  return db
    .select()
    .from(adminAuditEvent)
    .where(and(...conditions))
    .orderBy(desc(adminAuditEvent.at), desc(adminAuditEvent.id))
    .limit(limit);
}
