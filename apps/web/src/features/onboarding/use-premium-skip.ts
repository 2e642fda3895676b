import { HOME_PATH } from '@stillpoint/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Subscription } from '../../lib/subscription/use-subscription';

interface PremiumSkipOptions {
  /** This tab is part-way through onboarding already (a reload, a trip to the Web Store). */
  midway: boolean;
  /** Came from a link that asks to finish setting up. */
  finishingSetup: boolean;
  /** Back from a checkout (stripe_success): premium, just bought, and not set up yet. */
  fromCheckout: boolean;
}

/**
 * SPEC §6: premium people (premium in force, trial included) skip onboarding and go home. It is
 * decided once, as onboarding opens, so the trial onboarding itself starts does not end it, and
 * not for someone part-way through, who came to finish setting up, or who has just bought a plan. Returns 'deciding' until the
 * subscription is known, then whether onboarding is being skipped.
 */
export function usePremiumSkip(
  subscription: Subscription,
  { midway, finishingSetup, fromCheckout }: PremiumSkipOptions,
): 'deciding' | 'skip' | 'stay' {
  const navigate = useNavigate();
  const decision = useRef<'skip' | 'stay' | null>(null);
  // Set once, the first time the subscription is settled; a load error counts as not premium.
  if (
    decision.current === null &&
    (subscription.status === 'initialised' || subscription.status === 'error')
  ) {
    decision.current =
      subscription.isPremium && !midway && !finishingSetup && !fromCheckout ? 'skip' : 'stay';
  }
  const skip = decision.current === 'skip';

  useEffect(() => {
    if (skip) navigate(HOME_PATH, { replace: true });
  }, [skip, navigate]);

  return decision.current ?? 'deciding';
}
