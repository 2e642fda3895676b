import type { PurchaseSummary } from '../api/schemas/payments';
import { brand } from '../brand';
import { chargeDate } from './first-charge';
import { formatPrice } from './prices';

/** One line of the confirmation: what it is about and what is true of it. */
export interface ConfirmationItem {
  label: string;
  value: string;
}

/** The confirmation after a purchase or a trial start, as the page shows it and the receipt e-mail says it. */
export interface PurchaseConfirmation {
  title: string;
  items: ConfirmationItem[];
}

const CADENCE = {
  monthly: { billed: 'billed monthly', every: 'every month' },
  annual: { billed: 'billed yearly', every: 'every year' },
  biennial: { billed: 'billed every 2 years', every: 'every 2 years' },
} as const;

/** Where a web plan is canceled: the billing portal behind the subscription page's button. */
export const CANCEL_PLACE = 'Manage subscription on your Subscription page';

/**
 * What was bought or started, the trial's end, the first charge's date and amount, and how to
 * cancel, from the server's purchase summary. `utc` words dates in the UTC calendar (the receipt
 * e-mail), else in the reader's.
 */
export function purchaseConfirmation(
  summary: PurchaseSummary,
  options: { utc?: boolean } = {},
): PurchaseConfirmation {
  const day = (iso: string) => chargeDate(new Date(iso), options);
  const trialEnds = summary.trialEndsAt === null ? null : day(summary.trialEndsAt);

  if (summary.kind === 'freeTrial' || summary.plan === null) {
    return {
      title: 'Your free trial has started',
      items: [
        { label: 'Started', value: `Free trial of ${brand.name} Premium` },
        ...(trialEnds ? [{ label: 'Trial ends', value: trialEnds }] : []),
        { label: 'First charge', value: 'None: no card is on file, so nothing is charged' },
        {
          label: 'To cancel',
          value: 'Nothing to cancel: the trial ends by itself. To keep Premium after it, choose a plan.',
        },
      ],
    };
  }

  const cadence = CADENCE[summary.plan];
  const charge = summary.firstCharge;
  const price = charge ? formatPrice(charge.amount, charge.currency) : null;
  const items: ConfirmationItem[] = [
    {
      label: 'Bought',
      value: `${brand.name} Premium, ${cadence.billed}${price ? ` at ${price}` : ''}`,
    },
  ];
  if (trialEnds) items.push({ label: 'Free trial ends', value: trialEnds });
  if (charge?.paid) {
    items.push({ label: 'Paid', value: `${price} on ${day(charge.at)}` });
  } else if (charge) {
    items.push({ label: 'First charge', value: `${price} on ${day(charge.at)}, then ${cadence.every}` });
  } else {
    items.push({ label: 'First charge', value: 'None: the plan is canceled, so nothing is charged' });
  }
  items.push({
    label: 'To cancel',
    value: cancelText(summary, charge && !charge.paid ? day(charge.at) : null),
  });
  if (summary.receiptSentTo) items.push({ label: 'Receipt', value: `Sent to ${summary.receiptSentTo}` });
  return {
    title: trialEnds && !charge?.paid ? 'Your Premium trial has started' : 'Thank you for going Premium',
    items,
  };
}

function cancelText(summary: PurchaseSummary, chargeDay: string | null): string {
  if (summary.cancelAtPeriodEnd) return 'Already canceled: Premium stays until the period ends.';
  if (chargeDay) return `Open ${CANCEL_PLACE} and cancel before ${chargeDay}: nothing is charged.`;
  return `Open ${CANCEL_PLACE} and cancel anytime: Premium stays until the paid period ends.`;
}
