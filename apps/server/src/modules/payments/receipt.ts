import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { EmailSender } from '../../integrations/email';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { entitlementsInForce } from '../entitlements/service';
import { planSummary } from './purchase-summary';
import { receiptEmail } from './receipt-email';
import { claimReceipt, findSubscription, markReceiptSent, releaseReceipt } from './repo';

/** A claim outlives any send; one left by a stopped server runs out after this. */
const RECEIPT_CLAIM_MS = 2 * 60_000;

export interface ReceiptDependencies {
  db: Database;
  config: Pick<Config, 'prices' | 'publicUrl'>;
  provider: Pick<PaymentProvider, 'getPrice' | 'retrieveCustomer'>;
  log: { info(details: object, message: string): void };
  email?: EmailSender | undefined;
  now?: () => Date;
}

/**
 * Sends the plan's receipt once it grants premium (trialing with its card, or paid), exactly once
 * per subscription: whichever of its events comes first after that, redeliveries and concurrent
 * deliveries included, claims it. It goes to the customer's address at the provider (the account's
 * e-mail, or the one typed at checkout); without one nothing is sent, and that is settled too. A
 * send that fails frees the claim and throws, so the provider delivers the event again and the
 * redelivery tries again.
 */
export async function sendReceiptIfOwed(deps: ReceiptDependencies, subscriptionId: string): Promise<void> {
  if (!deps.email) return;
  const now = (deps.now ?? (() => new Date()))();
  const row = await findSubscription(deps.db, subscriptionId);
  if (!row || row.receiptSentAt !== null) return;
  const granting = (await entitlementsInForce(deps.db, row.userId, now)).some(
    (grant) => grant.store === 'stripe' && grant.sourceRef === row.id,
  );
  if (!granting) return;
  if (!(await claimReceipt(deps.db, row.id, new Date(now.getTime() + RECEIPT_CLAIM_MS), now))) return;
  try {
    const [customer, summary] = await Promise.all([
      deps.provider.retrieveCustomer(row.customerId),
      planSummary(deps, row),
    ]);
    const to = customer?.email?.trim() || null;
    if (to && summary) await deps.email.send(receiptEmail({ to, summary, publicUrl: deps.config.publicUrl }));
    await markReceiptSent(deps.db, row.id, to && summary ? to : null, now);
    deps.log.info({ subscriptionId: row.id, sent: Boolean(to && summary) }, 'plan receipt settled');
  } catch (error) {
    await releaseReceipt(deps.db, row.id);
    throw error;
  }
}
