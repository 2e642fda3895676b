import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { realEmail } from './temp-email';

/**
 * Which of these ids belong to an account. Webhooks and the entitlement service name people by
 * id, and an unknown one must be told apart from a person without purchases; the `user` table is
 * Better Auth's, so the question is asked here.
 */
export async function existingUserIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** An account as the support console lists it; `email` is null for a phone account's placeholder. */
export interface KnownAccount {
  uid: string;
  phoneNumber: string | null;
  email: string | null;
  createdAt: Date;
}

const knownAccountColumns = {
  uid: user.id,
  phoneNumber: user.phoneNumber,
  email: user.email,
  createdAt: user.createdAt,
};

const known = (row: {
  uid: string;
  phoneNumber: string | null;
  email: string;
  createdAt: Date;
}): KnownAccount => ({
  ...row,
  email: realEmail(row.email),
});

/** Accounts by id, phone number (E.164) or e-mail (any case), at most `limit`. */
export async function findAccounts(
  db: Database,
  by: { uids?: readonly string[]; phoneNumber?: string; email?: string },
  limit: number,
): Promise<KnownAccount[]> {
  const conditions = [
    ...(by.uids && by.uids.length > 0 ? [inArray(user.id, [...by.uids])] : []),
    ...(by.phoneNumber ? [eq(user.phoneNumber, by.phoneNumber)] : []),
    ...(by.email ? [eq(sql`lower(${user.email})`, by.email.toLowerCase())] : []),
  ];
  if (conditions.length === 0) return [];
  const rows = await db
    .select(knownAccountColumns)
    .from(user)
    .where(or(...conditions))
    .limit(limit);
  return rows.map(known);
}

/**
 * The phone number and e-mail the person has proved they hold, each null unless verified (a phone
 * account's placeholder address is never one). Null when no account has this id.
 */
export async function verifiedContactOf(
  db: Database,
  userId: string,
): Promise<{ phoneNumber: string | null; email: string | null } | null> {
  const [row] = await db
    .select({
      phoneNumber: user.phoneNumber,
      phoneNumberVerified: user.phoneNumberVerified,
      email: user.email,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return null;
  return {
    phoneNumber: row.phoneNumberVerified ? row.phoneNumber : null,
    email: row.emailVerified ? realEmail(row.email) : null,
  };
}
