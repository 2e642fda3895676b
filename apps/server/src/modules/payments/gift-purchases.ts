import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { EmailSender } from '../../integrations/email';
import type {
  CheckoutSession,
  PaymentProvider,
  VerifiedPaymentEvent,
} from '../../integrations/payments/provider';
import { expireGiftCheckout, fulfilGiftCheckout, type GiftCheckoutOutcome } from '../gifts/service';
import { voidRefundedGiftCodes } from './refund-fulfilment';
import { recordEventIfNew } from './repo';

/** A one-time checkout for gifts (createStripeCheckoutSessionForGift marks it kind 'gift'). */
export const isGiftCheckout = (session: CheckoutSession): boolean =>
  session.mode === 'payment' && session.metadata.kind === 'gift';

export interface GiftPurchaseDependencies {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  provider: Pick<PaymentProvider, 'name' | 'retrievePayment'>;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error?(details: object, message: string): void;
  };
  /** Sends the buyer's confirmation; the app always passes one. */
  email?: EmailSender | undefined;
  now?: () => Date;
}

/** Without a sender the confirmation cannot go out: fail, so the provider delivers again. */
const noSender: EmailSender = {
  send: async () => {
    throw new Error('no e-mail sender is configured for gift confirmations');
  },
};

/**
 * Hands a gift checkout (already fetched from the provider, never read from the payload) to the
 * gifts module: paid → the purchase turns paid and the buyer is e-mailed once; expired → the
 * purchase expires. The event id is recorded once that is done, as for subscriptions, so a
 * redelivery is a duplicate; a failure (the e-mail not sent) leaves it unrecorded and throws, so
 * the provider delivers again. A checkout naming no purchase of ours changes nothing.
 */
export async function fulfilGiftPurchase(
  deps: GiftPurchaseDependencies,
  event: VerifiedPaymentEvent,
  session: CheckoutSession,
): Promise<'gift'> {
  const outcome: GiftCheckoutOutcome =
    event.type === 'checkout.session.expired'
      ? await expireGiftCheckout(deps, session)
      : await fulfilGiftCheckout({ ...deps, email: deps.email ?? noSender }, session);
  // A refund whose event came before this one found no purchase with its charge: settle it now.
  const paid = outcome === 'paid' || outcome === 'already-paid';
  const payment = paid && session.paymentId ? await deps.provider.retrievePayment(session.paymentId) : null;
  if (payment && payment.refundedCents > 0) await voidRefundedGiftCodes(deps, payment);
  if (outcome !== 'unknown') {
    await recordEventIfNew(deps.db, { provider: deps.provider.name, eventId: event.id, type: event.type });
  }
  deps.log.info({ eventId: event.id, sessionId: session.id, outcome }, 'gift checkout event handled');
  return 'gift';
}
