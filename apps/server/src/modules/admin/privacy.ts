import { eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminAuditEvent } from '../../db/schema';

/**
 * What the team did about the person (docs/support.md): each action with its reason and what it
 * did. Which team member acted is left out: that is someone else's id.
 */
export async function exportUser(db: Database, userId: string) {
  const rows = await db
    .select({
      id: adminAuditEvent.id,
      at: adminAuditEvent.at,
      action: adminAuditEvent.action,
      targetUid: adminAuditEvent.targetUid,
      targetRef: adminAuditEvent.targetRef,
      reason: adminAuditEvent.reason,
      details: adminAuditEvent.details,
    })
    .from(adminAuditEvent)
    .where(eq(adminAuditEvent.targetUid, userId))
    .orderBy(adminAuditEvent.at);
  return { [getTableName(adminAuditEvent)]: rows };
}
