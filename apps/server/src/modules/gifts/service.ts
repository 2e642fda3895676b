import { brand, type giftPurchaseResponseSchema, priceKeyOf } from '@stillpoint/core';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { EmailSender } from '../../integrations/email';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { recordAgreement, requireCurrentTerms } from '../agreements/service';
import { newRedemptionCodes, type RandomIndex } from './codes';
import {
  fulfilGiftCheckout,
  type GiftFulfilmentDependencies,
  type GiftFulfilmentLog,
  redeemUrlOf,
} from './fulfilment';
import {
  codesOf,
  deleteUnstartedPurchase,
  findPurchase,
  findPurchaseBySessionAndCode,
  type GiftPurchaseRow,
  insertCodes,
  insertPurchase,
  setCheckoutSession,
  voidedCodesOf,
} from './repo';

export { expireGiftCheckout, fulfilGiftCheckout, type GiftCheckoutOutcome } from './fulfilment';
export { redeemGiftCode } from './redeem';
export { reconcileGiftRefund } from './refunds';

/** What getGiftPurchase answers (core's giftPurchaseResponseSchema). */
export type GiftPurchaseView = z.infer<typeof giftPurchaseResponseSchema>;

export interface GiftsDependencies {
  db: Database;
  config: Config;
  provider: PaymentProvider;
  email: EmailSender;
  /** Draws code characters; tests replace it to force collisions. */
  randomIndex?: RandomIndex;
}

/** A collision is drawn again; this many rounds without enough free codes means something is broken. */
const MAX_CODE_ROUNDS = 5;

/**
 * One code per gifted year, made with the purchase so the success URL can carry one; they
 * redeem only once the purchase is paid. A code some other purchase holds is drawn again.
 */
async function issueCodes(
  db: Database,
  giftPurchaseId: string,
  quantity: number,
  randomIndex: RandomIndex | undefined,
): Promise<string[]> {
  const issued: string[] = [];
  for (let round = 0; round < MAX_CODE_ROUNDS && issued.length < quantity; round++) {
    const drawn = newRedemptionCodes(quantity - issued.length, new Set(issued), randomIndex);
    issued.push(...(await insertCodes(db, giftPurchaseId, drawn)));
  }
  if (issued.length < quantity) throw new Error(`could not draw ${quantity} free redemption codes`);
  return issued.sort();
}

/**
 * Where the provider sends the buyer back: the success path with stripe_success, the first code
 * and the checkout's id, which /gift's success page needs together to show the purchase.
 */
export function giftSuccessUrl(publicUrl: string, successPath: string, firstCode: string): string {
  const url = new URL(`${publicUrl}${successPath}`);
  url.searchParams.set('stripe_success', 'true');
  url.searchParams.set('redemptionCode', firstCode);
  url.searchParams.delete('session_id');
  const fragment = url.hash;
  url.hash = '';
  // Stripe (and the local provider) fill in the placeholder only when its braces are not encoded.
  return `${url.href}&session_id={CHECKOUT_SESSION_ID}${fragment}`;
}

function requireGiftPrice(config: Config, priceId: string): void {
  const key = priceKeyOf(config.prices, priceId);
  if (key === 'gift') return;
  throw new AppError(
    'BAD_REQUEST',
    key === null
      ? `That price is not one of ${brand.name}'s prices.`
      : 'That price is for a subscription, not a gift.',
  );
}

export interface GiftCheckoutInput {
  priceId: string;
  quantity: number;
  successPath: string;
  cancelPath: string;
  referralGroup?: string | undefined;
  termsVersion?: string | undefined;
}

/**
 * A hosted checkout for 1 to 20 one-year gifts. Anyone may buy; a signed-in buyer is recorded.
 * The purchase and its codes are stored first, then the provider's checkout is opened for them;
 * if that fails, the purchase goes again, since nobody could ever pay it.
 */
export async function createGiftCheckout(
  deps: GiftsDependencies,
  buyer: SessionUser | null,
  input: GiftCheckoutInput,
  log: GiftFulfilmentLog,
): Promise<{ url: string }> {
  const { db, config, provider } = deps;
  requireCurrentTerms(input.termsVersion);
  requireGiftPrice(config, input.priceId);
  const referralGroup = input.referralGroup?.trim() || null;
  const { id, codes } = await db.transaction(async (tx) => {
    const purchaseId = await insertPurchase(tx, {
      provider: provider.name,
      purchaserUserId: buyer?.id ?? null,
      quantity: input.quantity,
      priceId: input.priceId,
      referralGroup,
    });
    return { id: purchaseId, codes: await issueCodes(tx, purchaseId, input.quantity, deps.randomIndex) };
  });
  const [firstCode] = codes;
  if (!firstCode) throw new Error('a gift purchase got no codes');

  // Outside the transaction: the local provider keeps its objects in this database too.
  let session: Awaited<ReturnType<PaymentProvider['createCheckoutSession']>>;
  try {
    session = await provider.createCheckoutSession({
      mode: 'payment',
      priceId: input.priceId,
      quantity: input.quantity,
      customerId: null,
      trialDays: 0,
      paymentMethodCollection: 'always',
      successUrl: giftSuccessUrl(config.publicUrl, input.successPath, firstCode),
      cancelUrl: `${config.publicUrl}${input.cancelPath}`,
      metadata: { kind: 'gift', giftPurchaseId: id },
    });
  } catch (error) {
    await deleteUnstartedPurchase(db, id);
    log.warn({ err: error, giftPurchaseId: id }, 'the provider could not open a gift checkout');
    throw new AppError('UNAVAILABLE', 'Checkout is not available right now. Please try again.');
  }
  await setCheckoutSession(db, id, session.id);
  if (!session.url)
    throw new AppError('UNAVAILABLE', 'Checkout is not available right now. Please try again.');
  // A buyer who is not signed in is named by the address their checkout gives (fulfilment).
  await recordAgreement(db, {
    termsVersion: input.termsVersion,
    userId: buyer?.id ?? null,
    purchase: { kind: 'gift_checkout', ref: id },
    at: new Date(),
  });
  return { url: session.url };
}

/**
 * A purchase still pending may have been paid with the webhook not here yet: ask the provider,
 * and fulfil it now if so (the same idempotent fulfilment the webhook runs). Any failure leaves it
 * pending for the webhook to settle.
 */
async function settleWithProvider(
  deps: GiftsDependencies,
  purchase: GiftPurchaseRow,
  log: GiftFulfilmentLog,
): Promise<GiftPurchaseRow> {
  if (!purchase.checkoutSessionId) return purchase;
  try {
    const session = await deps.provider.retrieveCheckoutSession(purchase.checkoutSessionId);
    if (session?.status !== 'complete' || session.paymentStatus !== 'paid') return purchase;
    const fulfilment: GiftFulfilmentDependencies = { ...deps, log };
    await fulfilGiftCheckout(fulfilment, session);
  } catch (error) {
    log.warn({ err: error, giftPurchaseId: purchase.id }, 'could not settle a pending gift purchase');
  }
  return (await findPurchase(deps.db, purchase.id)) ?? purchase;
}

/**
 * What /gift's success page may show: nothing unless the code belongs to this checkout (404);
 * then 'pending' with no codes until the payment is confirmed, and once paid every code, the
 * buyer's e-mail and where to redeem. A purchase that expired unpaid is not found either.
 */
export async function getGiftPurchase(
  deps: GiftsDependencies,
  input: { sessionId: string; redemptionCode: string },
  log: GiftFulfilmentLog,
): Promise<GiftPurchaseView> {
  let purchase = await findPurchaseBySessionAndCode(deps.db, input.sessionId, input.redemptionCode);
  if (!purchase || purchase.status === 'expired') throw notFound('That gift purchase');
  if (purchase.status === 'pending') purchase = await settleWithProvider(deps, purchase, log);
  const redeemUrl = redeemUrlOf(deps.config);
  if (purchase.status !== 'paid') {
    return {
      status: 'pending',
      quantity: purchase.quantity,
      codes: [],
      voidedCodes: [],
      email: null,
      redeemUrl,
    };
  }
  return {
    status: 'paid',
    quantity: purchase.quantity,
    codes: await codesOf(deps.db, purchase.id),
    voidedCodes: await voidedCodesOf(deps.db, purchase.id),
    email: purchase.purchaserEmail,
    redeemUrl,
  };
}
