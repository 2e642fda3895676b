import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api';
import { queryKeys } from './query-keys';

/**
 * GET getPaymentConfig: the payment backend and this environment's price ids. Fixed for the
 * life of the page, so it is read once.
 */
export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.paymentConfig(),
    queryFn: ({ signal }) => callApi('getPaymentConfig', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET getStripePrice: what one price id charges, in cents, and its currency. */
export const stripePriceQuery = (priceId: string) =>
  queryOptions({
    queryKey: queryKeys.stripePrice(priceId),
    queryFn: ({ signal }) => callApi('getStripePrice', { priceId }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
