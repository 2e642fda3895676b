import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { otpSendLog } from '../db/schema';

export interface SendLimits {
  cooldownSeconds: number;
  perHour: number;
}

export type SendReservation =
  | { allowed: true }
  | { allowed: false; reason: 'cooldown' | 'hourly-cap'; retryAfterSeconds: number };

/**
 * Records one code send for a number if its cooldown and hourly cap allow it. A transaction-scoped
 * advisory lock on the number serialises concurrent sends, across server instances too, so two
 * requests racing cannot both slip under the limit. Times come from the database clock.
 */
export async function reserveOtpSend(
  db: Database,
  phoneNumber: string,
  limits: SendLimits,
): Promise<SendReservation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-send:${phoneNumber}`}))`);
    // Older rows no longer count towards anything; pruning here keeps the table small.
    await tx
      .delete(otpSendLog)
      .where(
        and(eq(otpSendLog.phoneNumber, phoneNumber), lt(otpSendLog.sentAt, sql`now() - interval '1 hour'`)),
      );
    const [window] = await tx
      .select({
        sends: sql<number>`count(*)::int`,
        sinceLast: sql<number | null>`extract(epoch from now() - max(${otpSendLog.sentAt}))::float8`,
        sinceOldest: sql<number | null>`extract(epoch from now() - min(${otpSendLog.sentAt}))::float8`,
      })
      .from(otpSendLog)
      .where(eq(otpSendLog.phoneNumber, phoneNumber));
    const sends = Number(window?.sends ?? 0);
    const sinceLast = window?.sinceLast == null ? null : Number(window.sinceLast);
    const sinceOldest = window?.sinceOldest == null ? null : Number(window.sinceOldest);

    if (sinceLast !== null && sinceLast < limits.cooldownSeconds) {
      return {
        allowed: false,
        reason: 'cooldown',
        retryAfterSeconds: Math.ceil(limits.cooldownSeconds - sinceLast),
      };
    }
    if (sends >= limits.perHour && sinceOldest !== null) {
      return { allowed: false, reason: 'hourly-cap', retryAfterSeconds: Math.ceil(3600 - sinceOldest) };
    }
    await tx.insert(otpSendLog).values({ phoneNumber });
    return { allowed: true };
  });
}
