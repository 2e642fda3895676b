import { type CheckoutTerms, chargeDate, formatPrice } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { callApi } from '../../lib/api';
import { useAuth } from '../../lib/auth/auth-context';
import { paymentConfigQuery } from '../../lib/payments';
import { queryKeys } from '../../lib/query-keys';

/**
 * Above the upgrade card: what buying a plan now charges, and when, as the server decides it
 * (getCheckoutTerms, the rule checkout itself applies): the no-card trial's remaining days carried
 * over, a first trial's free days, or the price due today. Nothing while it is not known.
 */
export function FirstChargeNote({ onNoCardTrial }: { onNoCardTrial: boolean }) {
  const config = useQuery(paymentConfigQuery());
  const annual = useCheckoutTerms(config.data?.prices.annual);
  const monthly = useCheckoutTerms(config.data?.prices.monthly);
  if (!annual || !monthly) return null;
  return (
    <p className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-4 text-sm text-ink">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
      <span>{firstChargeNote(annual, monthly, onNoCardTrial)}</span>
    </p>
  );
}

function useCheckoutTerms(priceId: string | undefined): CheckoutTerms | undefined {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user?.uid : undefined;
  const query = useQuery({
    queryKey: queryKeys.checkoutTerms(userId ?? '', priceId ?? ''),
    queryFn: ({ signal }) => callApi('getCheckoutTerms', { priceId: priceId ?? '' }, { signal }),
    enabled: userId !== undefined && priceId !== undefined,
  });
  return query.data;
}

/** The note's words: the same date and amounts checkout will show, in the reader's calendar. */
export function firstChargeNote(
  annual: CheckoutTerms,
  monthly: CheckoutTerms,
  onNoCardTrial: boolean,
): string {
  const annualPrice = formatPrice(annual.firstChargeAmount, annual.currency);
  const monthlyPrice = formatPrice(monthly.firstChargeAmount, monthly.currency);
  const both = `${annualPrice} for Annual or ${monthlyPrice} for Monthly`;
  const day = chargeDate(new Date(annual.firstChargeAt));
  if (annual.trial === 'credit') {
    return `Your free trial carries over: nothing is due today. Your first charge is on ${day}: ${both}.`;
  }
  if (annual.trial === 'freeDays') {
    return `Your free trial comes first: nothing is due today. Your first charge is on ${day}: ${both}.`;
  }
  if (onNoCardTrial) {
    return `Your free trial ends in less than 2 days, too soon to carry over, so a plan starts today: ${both}, due today.`;
  }
  return `Due today: ${both}.`;
}
