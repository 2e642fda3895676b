import { useQuery } from '@tanstack/react-query';
import { paymentConfigQuery, stripePriceQuery } from '../../lib/payments';

/** This environment's gift price, and what one gift charges, as the provider reports it. */
export interface GiftPrice {
  priceId: string;
  /** One gift, in cents (the provider's unit_amount). */
  cents: number;
  currency: string;
}

/**
 * The gift price id (getPaymentConfig), then what it charges (getStripePrice): the page words its
 * offer from the provider's amount, so it shows what checkout will charge.
 */
export function useGiftPrice() {
  const config = useQuery(paymentConfigQuery());
  const priceId = config.data?.prices.gift;
  const price = useQuery({ ...stripePriceQuery(priceId ?? ''), enabled: priceId !== undefined });
  const queries = [config, price];
  const gift: GiftPrice | undefined =
    priceId && price.data
      ? { priceId, cents: price.data.unit_amount, currency: price.data.currency }
      : undefined;
  return {
    price: gift,
    failed: queries.find((query) => query.isError)?.error ?? null,
    retrying: queries.some((query) => query.isFetching),
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
