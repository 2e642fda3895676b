import {
  type CheckoutTerms,
  checkoutTrial,
  type DisclosedPurchase,
  FREE_TRIAL_DAYS,
  firstCharge,
  type PlanPeriod,
} from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { stripePriceQuery } from '../payments';
import { queryKeys } from '../query-keys';

/** A first trial, as checkout gives it to someone who has never had one. */
const NEW_PERSON = { hadNoCardTrial: false, noCardTrialEndsAt: null, hadWebTrial: false };

/**
 * What buying the plan at `priceId` discloses: for someone signed in, the server's own answer
 * (getCheckoutTerms: the trial they would really get and their first charge); before sign-in, the
 * price with the first trial a new account gets, by core's rules. Null while either is loading.
 * `wantsTrial` false is a checkout that asks for no free days.
 */
export function useSubscriptionDisclosure(
  priceId: string | undefined,
  period: PlanPeriod,
  { wantsTrial = true }: { wantsTrial?: boolean } = {},
): DisclosedPurchase | null {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user?.uid : undefined;
  const terms = useQuery({
    queryKey: queryKeys.checkoutTerms(userId ?? '', priceId ?? ''),
    queryFn: ({ signal }) => callApi('getCheckoutTerms', { priceId: priceId ?? '' }, { signal }),
    enabled: userId !== undefined && priceId !== undefined,
  });
  const price = useQuery({
    ...stripePriceQuery(priceId ?? ''),
    enabled: userId === undefined && auth.status !== 'loading' && priceId !== undefined,
  });
  if (userId !== undefined) return terms.data ? fromCheckoutTerms(terms.data, period, wantsTrial) : null;
  if (!price.data) return null;
  const now = new Date();
  const trial = checkoutTrial(NEW_PERSON, { now, wantsTrial });
  const planPrice = { amount: price.data.unit_amount, currency: price.data.currency };
  return {
    kind: 'subscription',
    period,
    price: planPrice,
    trial,
    firstChargeAt: firstCharge({ trial, price: planPrice, now }).at,
  };
}

/** The server's terms as the disclosure words them; a checkout without free days charges today. */
export function fromCheckoutTerms(
  terms: CheckoutTerms,
  period: PlanPeriod,
  wantsTrial = true,
): DisclosedPurchase {
  const price = { amount: terms.firstChargeAmount, currency: terms.currency };
  if (!wantsTrial || terms.trial === 'none' || terms.trialEndsAt === null) {
    return { kind: 'subscription', period, price, trial: { kind: 'none' }, firstChargeAt: new Date() };
  }
  const trial =
    terms.trial === 'credit'
      ? ({ kind: 'credit', endsAt: new Date(terms.trialEndsAt) } as const)
      : ({ kind: 'freeDays', days: FREE_TRIAL_DAYS } as const);
  return { kind: 'subscription', period, price, trial, firstChargeAt: new Date(terms.firstChargeAt) };
}
