import { asc, eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deepLink } from '../../db/schema';

/**
 * Account deletion (docs/privacy.md): a short link may be printed or shared already, and it holds
 * nothing personal, so it keeps working without naming its creator.
 */
export async function eraseUser(tx: Database, userId: string): Promise<void> {
  await tx.update(deepLink).set({ userId: null }).where(eq(deepLink.userId, userId));
}

/** The short links the person made. */
export async function exportUser(db: Database, userId: string) {
  const rows = await db
    .select({
      code: deepLink.code,
      desktopUrl: deepLink.desktopUrl,
      iosUrl: deepLink.iosUrl,
      suggestedAuthMethod: deepLink.suggestedAuthMethod,
      createdAt: deepLink.createdAt,
    })
    .from(deepLink)
    .where(eq(deepLink.userId, userId))
    .orderBy(asc(deepLink.createdAt));
  return { [getTableName(deepLink)]: rows };
}
