import { formatPrice, PLAN_PERIOD_DAYS, perDay } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { paymentConfigQuery, stripePriceQuery } from '../../../../lib/payments';

export type PersonalPlanKind = 'annual' | 'biennial';

/** A plan card's content, from what the provider charges for it. */
export interface PersonalPlan {
  kind: PersonalPlanKind;
  priceId: string;
  /** What the provider charges per period, in cents, and in which currency. */
  cents: number;
  currency: string;
  /** '$0.14': the price over the plan's days (core's perDay). */
  perDay: string;
  /** '$49.99' */
  total: string;
}

/**
 * The two plans of the personal-plan paywall: this environment's annual and 2-year (90-dollar)
 * price ids (getPaymentConfig), then what each charges (getStripePrice). Each plan is undefined
 * until its price is known.
 */
export function usePersonalPlans() {
  const config = useQuery(paymentConfigQuery());
  const prices = config.data?.prices;
  const annual = useQuery({ ...stripePriceQuery(prices?.annual ?? ''), enabled: prices !== undefined });
  const biennial = useQuery({
    ...stripePriceQuery(prices?.biennial90Dollars ?? ''),
    enabled: prices !== undefined,
  });
  const queries = [config, annual, biennial];

  const plan = (kind: PersonalPlanKind, priceId: string | undefined, data: typeof annual.data) =>
    priceId && data
      ? {
          kind,
          priceId,
          cents: data.unit_amount,
          currency: data.currency,
          perDay: perDay(data.unit_amount, PLAN_PERIOD_DAYS[kind], data.currency),
          total: formatPrice(data.unit_amount, data.currency),
        }
      : undefined;

  return {
    plans: {
      annual: plan('annual', prices?.annual, annual.data),
      biennial: plan('biennial', prices?.biennial90Dollars, biennial.data),
    } satisfies Record<PersonalPlanKind, PersonalPlan | undefined>,
    failed: queries.find((query) => query.isError)?.error ?? null,
    retrying: queries.some((query) => query.isFetching),
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
