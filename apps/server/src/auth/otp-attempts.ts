import { randomUUID, timingSafeEqual } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { verification } from '../db/schema';
import { OTP_ALLOWED_ATTEMPTS, OTP_DOUBLE_SUBMIT_SECONDS, OTP_IDENTIFIER_PREFIX } from './otp';

/**
 * What checking one phone code found. `right` spent the code; `wrong` spent one attempt;
 * `just-used` is the right code again moments after it was spent (a double click), which spends
 * nothing and is answered from the first request's result (otp-double-submit.ts).
 */
export type CodeCheck =
  | { outcome: 'right' }
  | { outcome: 'wrong'; attemptsLeft: number }
  | { outcome: 'too-many-attempts' }
  | { outcome: 'expired' }
  | { outcome: 'not-found' }
  | { outcome: 'just-used'; markerId: string };

/** Where a code just spent is noted, apart from where live codes are. */
export const JUST_USED_IDENTIFIER_PREFIX = 'phone-number-just-used-';

// A stored value is `code:attempts` (Better Auth's format); a just-used note adds `:sessionId`.
interface StoredCode {
  code: string;
  attempts: number;
  sessionId: string | null;
}

export const parseStoredCode = (value: string): StoredCode => {
  const [code = '', attempts = '0', sessionId = ''] = value.split(':');
  const count = Number(attempts);
  return {
    code,
    attempts: Number.isSafeInteger(count) && count > 0 ? count : 0,
    sessionId: sessionId || null,
  };
};

export const storedCodeValue = ({ code, attempts, sessionId }: StoredCode) =>
  [code, String(attempts), ...(sessionId ? [sessionId] : [])].join(':');

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const latestRow = async (tx: Transaction, identifier: string) =>
  (
    await tx
      .select()
      .from(verification)
      .where(eq(verification.identifier, identifier))
      .orderBy(desc(verification.createdAt))
      .limit(1)
  )[0];

const setValue = (tx: Transaction, id: string, stored: StoredCode) =>
  tx
    .update(verification)
    .set({ value: storedCodeValue(stored), updatedAt: new Date() })
    .where(eq(verification.id, id));

/** Runs `work` while holding the number's code lock: every check of a number's code is serialised. */
function withCodeLock<T>(db: Database, phoneNumber: string, work: (tx: Transaction) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-verify:${phoneNumber}`}))`);
    return work(tx);
  });
}

/**
 * Compares one code with the number's live code and spends what it should, atomically: a
 * transaction-scoped advisory lock on the number serialises every check of it, across server
 * instances too (on PGlite, its one connection does). So every compared guess spends an attempt,
 * however many arrive at once, and after the last allowed wrong one the code is dead for those
 * still waiting as well. Guesses at a code just spent are counted the same way.
 */
export function checkPhoneCode(db: Database, phoneNumber: string, code: string): Promise<CodeCheck> {
  const liveIdentifier = `${OTP_IDENTIFIER_PREFIX}${phoneNumber}`;
  const justUsedIdentifier = `${JUST_USED_IDENTIFIER_PREFIX}${phoneNumber}`;
  return withCodeLock(db, phoneNumber, async (tx) => {
    const now = new Date();

    const live = await latestRow(tx, liveIdentifier);
    if (live) {
      if (live.expiresAt <= now) {
        await tx.delete(verification).where(eq(verification.identifier, liveIdentifier));
        return { outcome: 'expired' };
      }
      const stored = parseStoredCode(live.value);
      if (stored.attempts >= OTP_ALLOWED_ATTEMPTS) return { outcome: 'too-many-attempts' };
      if (!sameCode(stored.code, code)) {
        await setValue(tx, live.id, { ...stored, attempts: stored.attempts + 1 });
        return { outcome: 'wrong', attemptsLeft: OTP_ALLOWED_ATTEMPTS - stored.attempts - 1 };
      }
      await tx.delete(verification).where(eq(verification.identifier, liveIdentifier));
      await tx.delete(verification).where(eq(verification.identifier, justUsedIdentifier));
      await tx.insert(verification).values({
        id: randomUUID(),
        identifier: justUsedIdentifier,
        value: storedCodeValue({ ...stored, sessionId: null }),
        expiresAt: new Date(now.getTime() + OTP_DOUBLE_SUBMIT_SECONDS * 1000),
      });
      return { outcome: 'right' };
    }

    const justUsed = await latestRow(tx, justUsedIdentifier);
    if (!justUsed || justUsed.expiresAt <= now) return { outcome: 'not-found' };
    const stored = parseStoredCode(justUsed.value);
    if (stored.attempts >= OTP_ALLOWED_ATTEMPTS) return { outcome: 'not-found' };
    if (sameCode(stored.code, code)) return { outcome: 'just-used', markerId: justUsed.id };
    await setValue(tx, justUsed.id, { ...stored, attempts: stored.attempts + 1 });
    return { outcome: 'not-found' };
  });
}

/** The first request's session, noted on the just-used code so a double submit answers with it. */
export function noteFirstResult(db: Database, phoneNumber: string, sessionId: string) {
  return withCodeLock(db, phoneNumber, async (tx) => {
    const row = await latestRow(tx, `${JUST_USED_IDENTIFIER_PREFIX}${phoneNumber}`);
    if (!row) return;
    const stored = parseStoredCode(row.value);
    if (!stored.sessionId) await setValue(tx, row.id, { ...stored, sessionId });
  });
}

/** The session noted on a just-used code, once the first request has one. */
export async function firstResultOf(db: Database, markerId: string): Promise<string | null> {
  const [row] = await db.select().from(verification).where(eq(verification.id, markerId)).limit(1);
  return row ? parseStoredCode(row.value).sessionId : null;
}
