import { useEffect, useState } from 'react';
import type { Subscription } from '../../lib/subscription/use-subscription';

/** How often, and how many times, to ask again for a purchase the payment webhook has not delivered yet. */
export const CONFIRM_INTERVAL_MS = 2000;
export const CONFIRM_ATTEMPTS = 6;

export interface PurchaseConfirmation {
  /** Back from checkout, and the plan is not showing yet: asking again. */
  confirming: boolean;
  /** Asked CONFIRM_ATTEMPTS times and the plan still is not showing. */
  stillMissing: boolean;
}

/**
 * Back from checkout (stripe_success), the provider's webhook may land a moment after the
 * redirect. Until the bought plan shows (the person can no longer buy one), the plan is fetched
 * again every CONFIRM_INTERVAL_MS, at most CONFIRM_ATTEMPTS times.
 */
export function usePurchaseConfirmation(
  cameFromCheckout: boolean,
  { status, canBuyPlan, refresh }: Subscription,
): PurchaseConfirmation {
  const [attempts, setAttempts] = useState(0);
  const waiting = cameFromCheckout && status === 'initialised' && canBuyPlan;
  const confirming = waiting && attempts < CONFIRM_ATTEMPTS;

  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => {
      setAttempts((count) => count + 1);
      void refresh();
    }, CONFIRM_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [confirming, refresh]);

  return { confirming, stillMissing: waiting && attempts >= CONFIRM_ATTEMPTS };
}
