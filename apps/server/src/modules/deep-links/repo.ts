import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deepLink } from '../../db/schema';

export type DeepLinkRow = typeof deepLink.$inferSelect;

/** The new row, or null when the code is taken (the caller draws another). */
export async function insertDeepLink(
  db: Database,
  values: Pick<DeepLinkRow, 'code' | 'userId' | 'desktopUrl' | 'iosUrl' | 'suggestedAuthMethod'>,
): Promise<DeepLinkRow | null> {
  const [row] = await db.insert(deepLink).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findDeepLink(db: Database, code: string): Promise<DeepLinkRow | null> {
  const [row] = await db.select().from(deepLink).where(eq(deepLink.code, code));
  return row ?? null;
}
