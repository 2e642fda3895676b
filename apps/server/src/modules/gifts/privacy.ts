import { asc, eq, getTableName, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { giftPurchase, redemptionCode } from '../../db/schema';

const boughtBy = (userId: string, emails: readonly string[]): SQL =>
  (emails.length > 0
    ? or(eq(giftPurchase.purchaserUserId, userId), inArray(giftPurchase.purchaserEmail, [...emails]))
    : eq(giftPurchase.purchaserUserId, userId)) as SQL;

/**
 * Account deletion (docs/privacy.md): a gift is a payment record and its codes belong to whoever
 * they were given to, so the purchase and its codes stay and keep working; only the buyer's
 * identity goes (account and e-mail). A code the person redeemed no longer names them.
 */
export async function eraseUser(tx: Database, userId: string, emails: readonly string[]): Promise<void> {
  await tx
    .update(giftPurchase)
    .set({ purchaserUserId: null, purchaserEmail: null })
    .where(boughtBy(userId, emails));
  await tx
    .update(redemptionCode)
    .set({ redeemedByUserId: null })
    .where(eq(redemptionCode.redeemedByUserId, userId));
}

/**
 * The gifts the person bought, with their codes and whether each was redeemed (never by whom: that
 * is the recipient's), and the codes the person redeemed.
 */
export async function exportUser(db: Database, userId: string, emails: readonly string[]) {
  const purchases = await db
    .select({
      id: giftPurchase.id,
      provider: giftPurchase.provider,
      purchaserEmail: giftPurchase.purchaserEmail,
      quantity: giftPurchase.quantity,
      priceId: giftPurchase.priceId,
      referralGroup: giftPurchase.referralGroup,
      status: giftPurchase.status,
      createdAt: giftPurchase.createdAt,
      paidAt: giftPurchase.paidAt,
      confirmationEmailSentAt: giftPurchase.confirmationEmailSentAt,
    })
    .from(giftPurchase)
    .where(boughtBy(userId, emails))
    .orderBy(asc(giftPurchase.createdAt));
  const codes =
    purchases.length > 0
      ? await db
          .select({
            code: redemptionCode.code,
            giftPurchaseId: redemptionCode.giftPurchaseId,
            redeemedAt: redemptionCode.redeemedAt,
          })
          .from(redemptionCode)
          .where(
            inArray(
              redemptionCode.giftPurchaseId,
              purchases.map((purchase) => purchase.id),
            ),
          )
      : [];
  const redeemed = await db
    .select({
      code: redemptionCode.code,
      giftPurchaseId: redemptionCode.giftPurchaseId,
      redeemedAt: redemptionCode.redeemedAt,
    })
    .from(redemptionCode)
    .where(eq(redemptionCode.redeemedByUserId, userId));
  const seen = new Set(codes.map((code) => code.code));
  return {
    [getTableName(giftPurchase)]: purchases,
    [getTableName(redemptionCode)]: [...codes, ...redeemed.filter((code) => !seen.has(code.code))],
  };
}
