import { initialOnboardingStep, ONBOARDING_IOS_PATH, ONBOARDING_MAX_WIDTH_PX } from '@stillpoint/core';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { useExtension } from '../../lib/auth/use-extension';
import { documentTitle } from '../../lib/document-title';
import { isFinishingSetup } from '../../lib/onboarding-entry';
import { PurchaseConfirmation } from '../../lib/purchase-confirmation/purchase-confirmation';
import { cameFromCheckout } from '../../lib/subscription/checkout-return';
import { useSubscription } from '../../lib/subscription/use-subscription';
import { Spinner } from '../../ui/spinner';
import { FreeTrialTerms } from './free-trial-terms';
import { OnboardingFlow } from './onboarding-flow';
import { asIntention, onboardingPlace } from './onboarding-place';
import { useFreeTrial } from './use-free-trial';
import { useOnboardingAnswers } from './use-onboarding-answers';
import { usePremiumSkip } from './use-premium-skip';

/**
 * Onboarding at /onboarding and /onboarding-ios (SPEC §2, §4). Where it starts depends on the
 * saved intention and whether the extension is already here, so both are read first, unless this
 * tab already has a place in onboarding to return to. Answers that cannot be read count as none:
 * onboarding then asks again rather than stopping. Premium people skip it; everyone else without
 * an entitlement gets the no-card free trial as it opens.
 */
export function OnboardingPage() {
  const { pathname, state } = useLocation();
  const [search] = useSearchParams();
  const isIosRoute = pathname === ONBOARDING_IOS_PATH;
  const answers = useOnboardingAnswers();
  const extensionStatus = useExtension();
  // The signed-in layout renders this page only for a signed-in person.
  const userId = useAuth().user?.uid ?? '';
  // Read once per person and route: the flow takes it as its starting point only.
  const kept = useMemo(() => onboardingPlace.read(userId, pathname), [userId, pathname]);
  const subscription = useSubscription();
  const premiumSkip = usePremiumSkip(subscription, {
    midway: kept !== null,
    finishingSetup: isFinishingSetup(state),
    fromCheckout: cameFromCheckout(search),
  });
  const trialStarted = useFreeTrial(subscription, {
    fromCheckout: cameFromCheckout(search),
    enabled: premiumSkip === 'stay',
  });
  // Back from a checkout, or the no-card trial just started: what it is, before setting up.
  const confirming = cameFromCheckout(search) ? 'plan' : trialStarted ? 'freeTrial' : null;

  return (
    <div className="mx-auto w-full px-4 py-8 sm:px-6 md:py-12" style={{ maxWidth: ONBOARDING_MAX_WIDTH_PX }}>
      <title>{documentTitle('Onboarding')}</title>
      {confirming ? (
        <div className="mb-8">
          <PurchaseConfirmation expect={confirming} />
          {confirming === 'freeTrial' ? <FreeTrialTerms /> : null}
        </div>
      ) : null}
      {premiumSkip !== 'stay' || answers.isPending || extensionStatus === 'checking' ? (
        <div className="flex justify-center py-24">
          <Spinner label="Getting your setup ready" className="size-10" />
        </div>
      ) : (
        <OnboardingFlow
          key={pathname}
          isIosRoute={isIosRoute}
          userId={userId}
          pathname={pathname}
          initial={
            kept ?? {
              visited: [
                initialOnboardingStep({
                  isIosRoute,
                  hasSavedIntention: Boolean(answers.data?.onboardingIntention),
                  hasExtension: extensionStatus === 'installed',
                }),
              ],
              intention: asIntention(answers.data?.onboardingIntention),
              outcome: answers.data?.onboardingOutcome ?? null,
            }
          }
        />
      )}
    </div>
  );
}
