import type { PaymentConfig, Price } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { paymentConfigQuery, stripePriceQuery } from '../payments';
import { queryKeys } from '../query-keys';
import { useSubscription } from '../subscription/use-subscription';

/** Why the form cannot take a card; each has its SPEC §8 message. */
export type SetupProblem = 'missingUser' | 'noPrice' | 'initFailed';

/** SPEC §3's checkout store: who is buying, what, and whether they may. */
export type PaymentSetup =
  | { status: 'loading' }
  | { status: 'unavailable'; problem: SetupProblem }
  | {
      status: 'ready';
      userId: string;
      config: PaymentConfig;
      price: Price;
      /** Premium from any source (a trial, a store purchase, a gift). */
      alreadyPremium: boolean;
      /** A live web subscription: the server refuses a second one whatever the page allows. */
      hasActiveStripeSubscription: boolean;
    };

/** Loads what the payment form needs before it can take a card: the person, the price, their premium. */
export function usePaymentSetup(priceId: string | null): PaymentSetup {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? (auth.user?.uid ?? null) : null;
  const config = useQuery(paymentConfigQuery());
  const price = useQuery({ ...stripePriceQuery(priceId ?? ''), enabled: priceId !== null, retry: 1 });
  const customer = useQuery({
    queryKey: queryKeys.paymentCustomer(userId ?? ''),
    queryFn: () => callApi('getStripeCustomer', { userId: userId ?? '' }),
    enabled: userId !== null,
    // A purchase elsewhere (another tab) must show here on the next visit.
    staleTime: 0,
  });
  const subscription = useSubscription();

  if (auth.status === 'loading') return { status: 'loading' };
  if (userId === null) return { status: 'unavailable', problem: 'missingUser' };
  if (priceId === null) return { status: 'unavailable', problem: 'noPrice' };
  if (config.isError || price.isError || customer.isError || subscription.status === 'error') {
    return { status: 'unavailable', problem: 'initFailed' };
  }
  if (!config.data || !price.data || !customer.data || subscription.status !== 'initialised') {
    return { status: 'loading' };
  }
  return {
    status: 'ready',
    userId,
    config: config.data,
    price: price.data,
    alreadyPremium: subscription.isPremium,
    hasActiveStripeSubscription: customer.data.hasActiveSubscriptions,
  };
}
