import { FREE_TRIAL_DAYS } from '@stillpoint/core';
import { usePurchaseSummary } from '../../lib/purchase-confirmation/use-purchase-summary';
import { PurchaseTerms } from '../../lib/purchase-terms/purchase-terms';

/**
 * Under the confirmation of the no-card trial, which onboarding starts by itself (SPEC §4): that
 * it charges nothing and ends by itself on the day the server's summary names, and the terms the
 * person agreed to at sign-in, which were recorded with it.
 */
export function FreeTrialTerms() {
  const { summary } = usePurchaseSummary('freeTrial');
  const endsAt = summary?.trialEndsAt;
  return (
    <PurchaseTerms
      className="mt-3"
      purchase={endsAt ? { kind: 'freeTrial', days: FREE_TRIAL_DAYS, endsAt: new Date(endsAt) } : null}
    />
  );
}
