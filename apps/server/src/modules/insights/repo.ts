import { INTERCEPT_OUTCOMES, type InterceptOutcome, isTurnedBack } from '@stillpoint/core';
import { and, between, count, countDistinct, eq, inArray, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { interceptOutcome } from '../../db/schema';

export type OutcomeRow = typeof interceptOutcome.$inferSelect;

export interface NewOutcome {
  id: string;
  userId: string;
  siteId: string;
  userDay: number;
  outcome: InterceptOutcome;
  sessionLengthInMilliseconds: number | null;
  shownAt: Date;
  settledAt: Date | null;
}

/**
 * Creates the pause unless its id exists already; false in that case. ON CONFLICT makes two
 * reports of one new pause arriving together settle on one row instead of a unique violation.
 */
export async function insertOutcomeIfNew(db: Database, values: NewOutcome): Promise<boolean> {
  const rows = await db
    .insert(interceptOutcome)
    .values(values)
    .onConflictDoNothing({ target: interceptOutcome.id })
    .returning({ id: interceptOutcome.id });
  return rows.length > 0;
}

export async function findOutcome(db: Database, interceptId: string): Promise<OutcomeRow | null> {
  const [row] = await db.select().from(interceptOutcome).where(eq(interceptOutcome.id, interceptId));
  return row ?? null;
}

/**
 * Settles a pause that is still only shown; false when it is settled already (perhaps by a
 * concurrent report a moment ago), since the first decision stands.
 */
export async function settleShownOutcome(
  db: Database,
  where: { interceptId: string; userId: string; siteId: string },
  settlement: { outcome: InterceptOutcome; sessionLengthInMilliseconds: number | null; settledAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(interceptOutcome)
    .set(settlement)
    .where(
      and(
        eq(interceptOutcome.id, where.interceptId),
        eq(interceptOutcome.userId, where.userId),
        eq(interceptOutcome.siteId, where.siteId),
        eq(interceptOutcome.outcome, 'shown'),
      ),
    )
    .returning({ id: interceptOutcome.id });
  return rows.length > 0;
}

/** The user's pauses of the userDays `fromDay` to `toDay`, both included. */
export const outcomesOfDays = (
  db: Database,
  userId: string,
  fromDay: number,
  toDay: number,
): Promise<Pick<OutcomeRow, 'siteId' | 'userDay' | 'outcome'>[]> =>
  db
    .select({
      siteId: interceptOutcome.siteId,
      userDay: interceptOutcome.userDay,
      outcome: interceptOutcome.outcome,
    })
    .from(interceptOutcome)
    .where(and(eq(interceptOutcome.userId, userId), between(interceptOutcome.userDay, fromDay, toDay)));

/** The userDay of the user's first recorded pause, or null if none. */
export async function firstInterceptDay(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ first: min(interceptOutcome.userDay) })
    .from(interceptOutcome)
    .where(eq(interceptOutcome.userId, userId));
  return row?.first ?? null;
}

/** Core's turned-back outcomes, so the count in SQL and the insights agree on what turning back is. */
const TURNED_BACK = INTERCEPT_OUTCOMES.filter(isTurnedBack);

/** Every pause recorded, by everyone: how many, how many turned back, and from how many people. */
export async function allPauseTotals(
  db: Database,
): Promise<{ pauses: number; turnedBack: number; people: number }> {
  const [row] = await db
    .select({
      pauses: count(),
      turnedBack:
        sql<number>`count(*) filter (where ${inArray(interceptOutcome.outcome, TURNED_BACK)})`.mapWith(
          Number,
        ),
      people: countDistinct(interceptOutcome.userId),
    })
    .from(interceptOutcome);
  return row ?? { pauses: 0, turnedBack: 0, people: 0 };
}
