import { formatPrice, monthlyFromAnnual } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { paymentConfigQuery, stripePriceQuery } from '../../lib/payments';

/** The annual plan as the checkout page words it, from what the provider charges. */
export interface AnnualPlan {
  priceId: string;
  /** '$49.99' */
  yearly: string;
  /** '$4.17': SPEC §9 shows the monthly figure as the annual price over 12. */
  monthly: string;
}

/**
 * This environment's annual price id (getPaymentConfig), then what it charges (getStripePrice).
 * The id alone is enough to start checkout; the words wait for the price.
 */
export function useAnnualPlan() {
  const config = useQuery(paymentConfigQuery());
  const priceId = config.data?.prices.annual;
  const price = useQuery({ ...stripePriceQuery(priceId ?? ''), enabled: priceId !== undefined });
  const queries = [config, price];
  const plan: AnnualPlan | undefined =
    priceId && price.data
      ? {
          priceId,
          yearly: formatPrice(price.data.unit_amount, price.data.currency),
          monthly: monthlyFromAnnual(price.data.unit_amount, price.data.currency),
        }
      : undefined;
  return {
    priceId,
    plan,
    failed: queries.find((query) => query.isError)?.error ?? null,
    retrying: queries.some((query) => query.isFetching),
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
