import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { paymentConfigQuery, stripePriceQuery } from '../../lib/payments';
import { PurchaseTerms } from '../../lib/purchase-terms/purchase-terms';
import { useSubscriptionDisclosure } from '../../lib/purchase-terms/use-subscription-disclosure';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { type Billing, type PlanOption, planOptions } from './plan-options';
import { PremiumFeatures } from './premium-features';
import { useUpgrade } from './use-upgrade';

interface UpgradeCardProps {
  heading: string;
  /** Checkout answered 409: the person already has an active subscription. */
  onAlreadySubscribed(): void;
}

/**
 * SPEC §2's upgrade card: the annual/monthly toggle with this environment's prices, the features,
 * and 'Upgrade', which leaves for hosted checkout with the chosen price.
 */
export function UpgradeCard({ heading, onAlreadySubscribed }: UpgradeCardProps) {
  const headingId = useId();
  const [billing, setBilling] = useState<Billing>('annual');
  const prices = usePlanOptions();
  const upgrade = useUpgrade({ onAlreadySubscribed });
  const chosen = prices.options?.find((option) => option.billing === billing);
  const disclosure = useSubscriptionDisclosure(chosen?.priceId, billing);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7"
    >
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2 md:gap-10">
        <div className="flex flex-col gap-5">
          <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink sm:text-2xl">
            {heading}
          </h2>

          {prices.failed ? (
            <LoadError
              message="We couldn't load the prices."
              detail={prices.failed.message}
              retrying={prices.retrying}
              onRetry={prices.retry}
            />
          ) : (
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-3 text-sm font-medium text-muted">Choose how to pay</legend>
              {(['annual', 'monthly'] as const).map((choice) => (
                <PlanRadio
                  key={choice}
                  billing={choice}
                  option={prices.options?.find((option) => option.billing === choice)}
                  checked={billing === choice}
                  onChoose={() => setBilling(choice)}
                />
              ))}
            </fieldset>
          )}

          <div className="flex flex-col gap-2">
            <Button
              className="w-full"
              disabled={!chosen}
              // Still busy after success: the browser is on its way to checkout.
              loading={upgrade.isPending || upgrade.isSuccess}
              onClick={() => chosen && upgrade.mutate(chosen.priceId)}
            >
              Upgrade
            </Button>
            {chosen ? <p className="text-center text-sm text-muted">{chosen.terms}</p> : null}
            <PurchaseTerms purchase={disclosure} />
          </div>
        </div>

        <div className="border-t border-line pt-6 md:border-t-0 md:border-l md:pt-0 md:pl-10">
          <PremiumFeatures />
        </div>
      </div>
    </section>
  );
}

const LABELS: Record<Billing, string> = { annual: 'Annual', monthly: 'Monthly' };

interface PlanRadioProps {
  billing: Billing;
  /** Undefined while the prices load. */
  option: PlanOption | undefined;
  checked: boolean;
  onChoose(): void;
}

function PlanRadio({ billing, option, checked, onChoose }: PlanRadioProps) {
  const savingId = useId();
  const priceId = useId();
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-4 transition-colors hover:border-accent has-checked:border-accent has-checked:bg-accent-soft/50">
      <input
        type="radio"
        name="billing"
        value={billing}
        checked={checked}
        onChange={onChoose}
        // Named by the plan alone; the saving and the price are read after it as its description.
        aria-label={LABELS[billing]}
        aria-describedby={option?.saving ? `${savingId} ${priceId}` : priceId}
        className="mt-0.5 size-4 shrink-0 accent-accent"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold text-ink">{LABELS[billing]}</span>
          {option?.saving ? (
            <span
              id={savingId}
              className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-white"
            >
              {option.saving}
            </span>
          ) : null}
        </span>
        {option ? (
          <span id={priceId} className="text-sm text-muted">
            {option.price}
          </span>
        ) : (
          <span id={priceId} className="h-5 w-40 animate-pulse rounded bg-line motion-reduce:animate-none">
            <span className="sr-only">Loading the price</span>
          </span>
        )}
      </span>
    </label>
  );
}

/** The environment's annual and monthly price ids (getPaymentConfig), then what each charges. */
function usePlanOptions() {
  const config = useQuery(paymentConfigQuery());
  const ids = config.data?.prices;
  const annual = useQuery({ ...stripePriceQuery(ids?.annual ?? ''), enabled: ids !== undefined });
  const monthly = useQuery({ ...stripePriceQuery(ids?.monthly ?? ''), enabled: ids !== undefined });
  const queries = [config, annual, monthly];
  return {
    options: ids && annual.data && monthly.data ? planOptions(ids, annual.data, monthly.data) : undefined,
    failed: queries.find((query) => query.isError)?.error ?? null,
    retrying: queries.some((query) => query.isFetching),
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
