import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { EmailSender } from '../../integrations/email';
import type { CheckoutSession } from '../../integrations/payments/provider';
import { recordGiftBuyerEmail } from '../agreements/service';
import { giftConfirmationEmail } from './confirmation-email';
import {
  claimConfirmationEmail,
  codesOf,
  findPurchase,
  type GiftPurchaseRow,
  markConfirmationEmailSent,
  markExpired,
  markPaid,
  releaseConfirmationEmail,
} from './repo';

export interface GiftFulfilmentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  /** Fastify's logger has it; a quiet test logger may leave it out and gets warnings instead. */
  error?(details: object, message: string): void;
}

/** What support must look at: an error where the logger has that level. */
const logError = (log: GiftFulfilmentLog, details: object, message: string) =>
  log.error ? log.error(details, message) : log.warn(details, message);

export interface GiftFulfilmentDependencies {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  email: EmailSender;
  log: GiftFulfilmentLog;
  /** The clock; tests pass their own. */
  now?: () => Date;
}

/** The redeem page (SPEC §2), where a code is used. */
export const redeemUrlOf = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/redeem`;

/**
 * A send that never reported back (the server stopped mid-send) is tried again after this long;
 * long enough that a slow SMTP server (10 s per step) is not raced by a redelivery.
 */
const EMAIL_CLAIM_MS = 2 * 60_000;

/**
 * What became of a gift checkout: paid now (this call made the transition), paid before, not
 * paid (yet), expired, or not a purchase of ours (unknown: its id names no purchase, or another
 * checkout's).
 */
export type GiftCheckoutOutcome = 'paid' | 'already-paid' | 'unpaid' | 'expired' | 'unknown';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The purchase a checkout was made for; the session comes from the provider, never a payload. */
async function purchaseOf(
  { db, log }: Pick<GiftFulfilmentDependencies, 'db' | 'log'>,
  session: CheckoutSession,
): Promise<GiftPurchaseRow | null> {
  const id = session.metadata.giftPurchaseId ?? '';
  // Anything but a uuid names no purchase (and would make the uuid column refuse the query).
  const purchase = UUID.test(id) ? await findPurchase(db, id) : null;
  if (!purchase) {
    log.warn({ sessionId: session.id, giftPurchaseId: id }, 'gift checkout names no gift purchase');
    return null;
  }
  if (purchase.checkoutSessionId !== null && purchase.checkoutSessionId !== session.id) {
    logError(
      log,
      { sessionId: session.id, giftPurchaseId: id, purchaseSessionId: purchase.checkoutSessionId },
      "gift checkout names another checkout's purchase; nothing changed",
    );
    return null;
  }
  return purchase;
}

/**
 * Fulfils a gift checkout as the provider reports it: once it is paid, the purchase turns paid
 * (one conditional UPDATE, so any number of deliveries, concurrent or not, make one transition)
 * and the buyer gets one confirmation e-mail with every code. The codes were made with the
 * purchase; paying only makes them redeemable. Throws when the e-mail could not be sent, so the
 * provider delivers again and the send is retried.
 */
export async function fulfilGiftCheckout(
  deps: GiftFulfilmentDependencies,
  session: CheckoutSession,
): Promise<GiftCheckoutOutcome> {
  const now = deps.now ?? (() => new Date());
  const purchase = await purchaseOf(deps, session);
  if (!purchase) return 'unknown';
  if (purchase.status === 'expired') return 'expired';
  if (session.status !== 'complete' || session.paymentStatus !== 'paid') return 'unpaid';
  if (session.quantity !== purchase.quantity) {
    // Never happens through createGiftCheckout: the buyer cannot change the quantity at checkout.
    logError(
      deps.log,
      {
        sessionId: session.id,
        giftPurchaseId: purchase.id,
        paid: session.quantity,
        bought: purchase.quantity,
      },
      'gift checkout paid for a different quantity than the purchase; not fulfilled, settle it by hand',
    );
    return 'unknown';
  }
  let outcome: GiftCheckoutOutcome = 'already-paid';
  if (purchase.status === 'pending') {
    const transitioned = await markPaid(deps.db, {
      id: purchase.id,
      checkoutSessionId: session.id,
      purchaserEmail: session.customerEmail?.trim() || null,
      paidAt: now(),
      paymentId: session.paymentId,
    });
    if (transitioned) {
      outcome = 'paid';
      const email = session.customerEmail?.trim();
      if (purchase.purchaserUserId === null && email) await recordGiftBuyerEmail(deps.db, purchase.id, email);
      deps.log.info({ giftPurchaseId: purchase.id, quantity: purchase.quantity }, 'gift purchase paid');
    }
  }
  await sendConfirmationOnce(deps, purchase.id, now);
  return outcome;
}

/**
 * Sends the confirmation unless it went out already or another delivery is sending it right now.
 * The claim is taken before sending and released if the send fails.
 */
async function sendConfirmationOnce(
  deps: GiftFulfilmentDependencies,
  giftPurchaseId: string,
  now: () => Date,
): Promise<void> {
  const claimedAt = now();
  const claimed = await claimConfirmationEmail(
    deps.db,
    giftPurchaseId,
    claimedAt,
    new Date(claimedAt.getTime() + EMAIL_CLAIM_MS),
  );
  if (!claimed?.purchaserEmail) return;
  const codes = await codesOf(deps.db, giftPurchaseId);
  try {
    await deps.email.send(
      giftConfirmationEmail({ to: claimed.purchaserEmail, codes, redeemUrl: redeemUrlOf(deps.config) }),
    );
  } catch (error) {
    await releaseConfirmationEmail(deps.db, giftPurchaseId);
    throw error;
  }
  await markConfirmationEmailSent(deps.db, giftPurchaseId, now());
  deps.log.info({ giftPurchaseId, codes: codes.length }, 'gift confirmation e-mail sent');
}

/** A checkout that expired unpaid: its purchase turns expired, and its codes can never be redeemed. */
export async function expireGiftCheckout(
  deps: Pick<GiftFulfilmentDependencies, 'db' | 'log'>,
  session: CheckoutSession,
): Promise<GiftCheckoutOutcome> {
  const purchase = await purchaseOf(deps, session);
  if (!purchase) return 'unknown';
  if (purchase.status === 'paid') return 'already-paid';
  if (session.status !== 'expired') return 'unpaid';
  await markExpired(deps.db, purchase.id, session.id);
  deps.log.info({ giftPurchaseId: purchase.id, sessionId: session.id }, 'gift checkout expired unpaid');
  return 'expired';
}
