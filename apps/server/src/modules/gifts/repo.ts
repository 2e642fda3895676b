import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { giftPurchase, type PaymentProviderName, redemptionCode } from '../../db/schema';

export type GiftPurchaseRow = typeof giftPurchase.$inferSelect;

export async function insertPurchase(
  db: Database,
  values: {
    provider: PaymentProviderName;
    purchaserUserId: string | null;
    quantity: number;
    priceId: string;
    referralGroup: string | null;
  },
): Promise<string> {
  const [row] = await db.insert(giftPurchase).values(values).returning({ id: giftPurchase.id });
  if (!row) throw new Error('inserting a gift purchase returned no row');
  return row.id;
}

/**
 * Inserts the codes that are still free and answers which ones were: a code another purchase
 * holds already is skipped by the primary key (ON CONFLICT DO NOTHING), also under concurrent
 * purchases, so the caller draws again for the rest.
 */
export async function insertCodes(db: Database, giftPurchaseId: string, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const inserted = await db
    .insert(redemptionCode)
    .values(codes.map((code) => ({ code, giftPurchaseId })))
    .onConflictDoNothing({ target: redemptionCode.code })
    .returning({ code: redemptionCode.code });
  return inserted.map((row) => row.code);
}

export async function setCheckoutSession(db: Database, id: string, checkoutSessionId: string): Promise<void> {
  await db.update(giftPurchase).set({ checkoutSessionId }).where(eq(giftPurchase.id, id));
}

/** A purchase whose checkout could not be made: nobody can pay it, so it and its codes go. */
export async function deleteUnstartedPurchase(db: Database, id: string): Promise<void> {
  await db.delete(giftPurchase).where(and(eq(giftPurchase.id, id), isNull(giftPurchase.checkoutSessionId)));
}

export async function findPurchase(db: Database, id: string): Promise<GiftPurchaseRow | null> {
  const [row] = await db.select().from(giftPurchase).where(eq(giftPurchase.id, id));
  return row ?? null;
}

/** The purchase of this checkout, only when the code is one of its codes. */
export async function findPurchaseBySessionAndCode(
  db: Database,
  checkoutSessionId: string,
  code: string,
): Promise<GiftPurchaseRow | null> {
  const [row] = await db
    .select({ purchase: giftPurchase })
    .from(giftPurchase)
    .innerJoin(redemptionCode, eq(redemptionCode.giftPurchaseId, giftPurchase.id))
    .where(and(eq(giftPurchase.checkoutSessionId, checkoutSessionId), eq(redemptionCode.code, code)));
  return row?.purchase ?? null;
}

/** A purchase's codes, in one stable order (the success URL carries the first). */
export async function codesOf(db: Database, giftPurchaseId: string): Promise<string[]> {
  const rows = await db
    .select({ code: redemptionCode.code })
    .from(redemptionCode)
    .where(eq(redemptionCode.giftPurchaseId, giftPurchaseId))
    .orderBy(asc(redemptionCode.code));
  return rows.map((row) => row.code);
}

/** A purchase's codes that no refund voided (redeemed or not), in code order. */
export async function liveCodesOf(db: Database, giftPurchaseId: string): Promise<string[]> {
  const rows = await db
    .select({ code: redemptionCode.code })
    .from(redemptionCode)
    .where(and(eq(redemptionCode.giftPurchaseId, giftPurchaseId), isNull(redemptionCode.voidedAt)))
    .orderBy(asc(redemptionCode.code));
  return rows.map((row) => row.code);
}

/** A purchase's codes that a refund voided, in code order. */
export async function voidedCodesOf(db: Database, giftPurchaseId: string): Promise<string[]> {
  const rows = await db
    .select({ code: redemptionCode.code })
    .from(redemptionCode)
    .where(and(eq(redemptionCode.giftPurchaseId, giftPurchaseId), isNotNull(redemptionCode.voidedAt)))
    .orderBy(asc(redemptionCode.code));
  return rows.map((row) => row.code);
}

/**
 * pending → paid, once: the condition sits in the UPDATE, so of any number of concurrent
 * deliveries exactly one gets the row back. A purchase already tied to another checkout is not
 * touched. True for the caller that made the transition.
 */
export async function markPaid(
  db: Database,
  input: {
    id: string;
    checkoutSessionId: string;
    purchaserEmail: string | null;
    paidAt: Date;
    paymentId: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(giftPurchase)
    .set({
      status: 'paid',
      paidAt: input.paidAt,
      purchaserEmail: input.purchaserEmail,
      checkoutSessionId: input.checkoutSessionId,
      paymentId: input.paymentId,
    })
    .where(
      and(
        eq(giftPurchase.id, input.id),
        eq(giftPurchase.status, 'pending'),
        or(
          isNull(giftPurchase.checkoutSessionId),
          eq(giftPurchase.checkoutSessionId, input.checkoutSessionId),
        ),
      ),
    )
    .returning({ id: giftPurchase.id });
  return rows.length > 0;
}

/** pending → expired (the checkout ran out unpaid); a paid purchase is never touched. */
export async function markExpired(db: Database, id: string, checkoutSessionId: string): Promise<boolean> {
  const rows = await db
    .update(giftPurchase)
    .set({ status: 'expired' })
    .where(
      and(
        eq(giftPurchase.id, id),
        eq(giftPurchase.status, 'pending'),
        eq(giftPurchase.checkoutSessionId, checkoutSessionId),
      ),
    )
    .returning({ id: giftPurchase.id });
  return rows.length > 0;
}

/**
 * Takes the right to send the confirmation e-mail until `until`: only for a paid purchase with
 * an address whose e-mail has not gone out, and only when no other claim is running. One
 * conditional UPDATE, so concurrent deliveries cannot both take it. Null when not taken.
 */
export async function claimConfirmationEmail(
  db: Database,
  id: string,
  now: Date,
  until: Date,
): Promise<GiftPurchaseRow | null> {
  const [row] = await db
    .update(giftPurchase)
    .set({ confirmationEmailClaimedUntil: until })
    .where(
      and(
        eq(giftPurchase.id, id),
        eq(giftPurchase.status, 'paid'),
        sql`${giftPurchase.purchaserEmail} is not null`,
        isNull(giftPurchase.confirmationEmailSentAt),
        or(
          isNull(giftPurchase.confirmationEmailClaimedUntil),
          lte(giftPurchase.confirmationEmailClaimedUntil, now),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markConfirmationEmailSent(db: Database, id: string, sentAt: Date): Promise<void> {
  await db
    .update(giftPurchase)
    .set({ confirmationEmailSentAt: sentAt, confirmationEmailClaimedUntil: null })
    .where(eq(giftPurchase.id, id));
}

/** A send that failed gives its claim back, so the next delivery tries again at once. */
export async function releaseConfirmationEmail(db: Database, id: string): Promise<void> {
  await db
    .update(giftPurchase)
    .set({ confirmationEmailClaimedUntil: null })
    .where(and(eq(giftPurchase.id, id), isNull(giftPurchase.confirmationEmailSentAt)));
}

/**
 * Holds the person's redemptions one at a time until the transaction ends: two codes redeemed at
 * once must each add their year after the other's, not both after the same end. An advisory lock
 * rather than a row lock, since the rows it protects (entitlements) belong to another module.
 */
export async function lockRedeemer(db: Database, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`gift-redeem:${userId}`}, 0))`);
}

export interface CodeState {
  code: string;
  giftPurchaseId: string;
  purchaseStatus: GiftPurchaseRow['status'];
  redeemedAt: Date | null;
  redeemedByUserId: string | null;
  voidedAt: Date | null;
}

export async function findCode(db: Database, code: string): Promise<CodeState | null> {
  const [row] = await db
    .select({
      code: redemptionCode.code,
      giftPurchaseId: redemptionCode.giftPurchaseId,
      purchaseStatus: giftPurchase.status,
      redeemedAt: redemptionCode.redeemedAt,
      redeemedByUserId: redemptionCode.redeemedByUserId,
      voidedAt: redemptionCode.voidedAt,
    })
    .from(redemptionCode)
    .innerJoin(giftPurchase, eq(giftPurchase.id, redemptionCode.giftPurchaseId))
    .where(eq(redemptionCode.code, code));
  return row ?? null;
}

/**
 * Marks the code redeemed by the person if it is unused, not voided and its purchase is paid. The conditions
 * sit in the UPDATE: of any number of concurrent attempts exactly one gets the row back; the
 * others, waiting on its row lock, find redeemed_at set and match nothing.
 */
export async function claimCode(
  db: Database,
  code: string,
  userId: string,
  redeemedAt: Date,
): Promise<{ giftPurchaseId: string } | null> {
  const paidPurchases = db
    .select({ id: giftPurchase.id })
    .from(giftPurchase)
    .where(eq(giftPurchase.status, 'paid'));
  const [row] = await db
    .update(redemptionCode)
    .set({ redeemedByUserId: userId, redeemedAt })
    .where(
      and(
        eq(redemptionCode.code, code),
        isNull(redemptionCode.redeemedAt),
        isNull(redemptionCode.voidedAt),
        inArray(redemptionCode.giftPurchaseId, paidPurchases),
      ),
    )
    .returning({ giftPurchaseId: redemptionCode.giftPurchaseId });
  return row ?? null;
}

/** The purchase a code belongs to and who redeemed it; the support console's search by code. */
export async function findCodeParties(
  db: Database,
  code: string,
): Promise<{ purchaserUserId: string | null; redeemedByUserId: string | null } | null> {
  const [row] = await db
    .select({
      purchaserUserId: giftPurchase.purchaserUserId,
      redeemedByUserId: redemptionCode.redeemedByUserId,
    })
    .from(redemptionCode)
    .innerJoin(giftPurchase, eq(giftPurchase.id, redemptionCode.giftPurchaseId))
    .where(eq(redemptionCode.code, code));
  return row ?? null;
}

/** The purchases a signed-in buyer made, newest first. */
export const purchasesBy = (db: Database, userId: string): Promise<GiftPurchaseRow[]> =>
  db
    .select()
    .from(giftPurchase)
    .where(eq(giftPurchase.purchaserUserId, userId))
    .orderBy(desc(giftPurchase.createdAt));

/** Every code of these purchases, with who redeemed each and when. */
export function codesOfPurchases(db: Database, giftPurchaseIds: readonly string[]) {
  if (giftPurchaseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      giftPurchaseId: redemptionCode.giftPurchaseId,
      code: redemptionCode.code,
      redeemedByUserId: redemptionCode.redeemedByUserId,
      redeemedAt: redemptionCode.redeemedAt,
      voidedAt: redemptionCode.voidedAt,
    })
    .from(redemptionCode)
    .where(inArray(redemptionCode.giftPurchaseId, [...giftPurchaseIds]))
    .orderBy(asc(redemptionCode.code));
}

/** The codes a person redeemed, newest first. */
export const codesRedeemedBy = (db: Database, userId: string) =>
  db
    .select({
      code: redemptionCode.code,
      redeemedAt: redemptionCode.redeemedAt,
      giftPurchaseId: redemptionCode.giftPurchaseId,
    })
    .from(redemptionCode)
    .where(eq(redemptionCode.redeemedByUserId, userId))
    .orderBy(desc(redemptionCode.redeemedAt));

/**
 * The purchase this charge paid, locked until the transaction ends, with how many of its codes are
 * voided: refund reconciliations of one purchase run one after the other.
 */
export async function lockPurchaseByPayment(
  db: Database,
  paymentId: string,
): Promise<{ id: string; quantity: number; voidedCodes: number } | null> {
  const [purchase] = await db
    .select({ id: giftPurchase.id, quantity: giftPurchase.quantity })
    .from(giftPurchase)
    .where(eq(giftPurchase.paymentId, paymentId))
    .for('update');
  if (!purchase) return null;
  const [voided] = await db
    .select({ n: count() })
    .from(redemptionCode)
    .where(and(eq(redemptionCode.giftPurchaseId, purchase.id), isNotNull(redemptionCode.voidedAt)));
  return { ...purchase, voidedCodes: voided?.n ?? 0 };
}

/**
 * Voids up to `limit` of a purchase's unredeemed codes, in code order. The conditions are checked
 * again on each row as it is updated, so a code redeemed meanwhile is left as it is.
 */
export async function voidUnredeemedCodes(
  db: Database,
  giftPurchaseId: string,
  limit: number,
  voidedAt: Date,
): Promise<number> {
  const unused = and(
    eq(redemptionCode.giftPurchaseId, giftPurchaseId),
    isNull(redemptionCode.redeemedAt),
    isNull(redemptionCode.voidedAt),
  );
  const chosen = db
    .select({ code: redemptionCode.code })
    .from(redemptionCode)
    .where(unused)
    .orderBy(asc(redemptionCode.code))
    .limit(limit);
  const rows = await db
    .update(redemptionCode)
    .set({ voidedAt })
    .where(and(unused, inArray(redemptionCode.code, chosen)))
    .returning({ code: redemptionCode.code });
  return rows.length;
}

/** The purchases a support search names: by id, by the charge that paid it, by a code or the buyer's e-mail. */
export async function findPurchasesNamedBy(
  db: Database,
  names: { id: string | null; paymentId: string | null; code: string | null; email: string | null },
  limit: number,
): Promise<GiftPurchaseRow[]> {
  const byCode = names.code
    ? db
        .select({ id: redemptionCode.giftPurchaseId })
        .from(redemptionCode)
        .where(eq(redemptionCode.code, names.code))
    : null;
  const conditions = [
    names.id ? eq(giftPurchase.id, names.id) : undefined,
    names.paymentId ? eq(giftPurchase.paymentId, names.paymentId) : undefined,
    byCode ? inArray(giftPurchase.id, byCode) : undefined,
    names.email ? sql`lower(${giftPurchase.purchaserEmail}) = lower(${names.email})` : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(giftPurchase)
    .where(or(...conditions))
    .orderBy(desc(giftPurchase.createdAt))
    .limit(limit);
}
