import { annualSavingsPercent, formatPrice, perDay, planPrices } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { paymentConfigQuery, stripePriceQuery } from '../../lib/payments';

export type QuizPlanKey = 'annual' | 'monthly';
export const QUIZ_PLAN_KEYS: readonly QuizPlanKey[] = ['annual', 'monthly'];

/** A plan as the plan selection words it, from what the provider charges. */
export interface QuizPlan {
  key: QuizPlanKey;
  priceId: string;
  /** '$0.14': the price over the plan's days (core's perDay). */
  perDay: string;
  /** '$49.99' */
  total: string;
}

/**
 * This environment's annual and monthly price ids (getPaymentConfig), then what each charges
 * (getStripePrice). A plan is undefined until its price is known.
 */
export function useQuizPlans() {
  const config = useQuery(paymentConfigQuery());
  const prices = config.data?.prices;
  const annual = useQuery({ ...stripePriceQuery(prices?.annual ?? ''), enabled: prices !== undefined });
  const monthly = useQuery({ ...stripePriceQuery(prices?.monthly ?? ''), enabled: prices !== undefined });
  const queries = [config, annual, monthly];

  const plan = (key: QuizPlanKey, data: typeof annual.data): QuizPlan | undefined =>
    prices && data
      ? {
          key,
          priceId: prices[key],
          perDay: perDay(data.unit_amount, planPrices[key].periodDays, data.currency),
          total: formatPrice(data.unit_amount, data.currency),
        }
      : undefined;

  return {
    plans: { annual: plan('annual', annual.data), monthly: plan('monthly', monthly.data) },
    /** Whole percent the annual plan saves over twelve months; null until both prices are known. */
    annualSavings:
      annual.data && monthly.data && annual.data.currency === monthly.data.currency
        ? annualSavingsPercent(annual.data.unit_amount, monthly.data.unit_amount)
        : null,
    failed: queries.find((query) => query.isError)?.error ?? null,
    retrying: queries.some((query) => query.isFetching),
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
