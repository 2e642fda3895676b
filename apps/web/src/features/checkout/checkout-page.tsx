import { FREE_TRIAL_DAYS, webPageTitle } from '@stillpoint/core';
import { useAuth } from '../../lib/auth/auth-context';
import { Footer } from '../../lib/footer/footer';
import { BackedFiguresLater } from '../../lib/proof/backed-figures-later';
import { PurchaseTerms } from '../../lib/purchase-terms/purchase-terms';
import { useSubscriptionDisclosure } from '../../lib/purchase-terms/use-subscription-disclosure';
import { Page } from '../../ui/page';
import { ShowcaseLayout } from '../../ui/showcase-layout';
import { CheckoutOverlay } from './checkout-overlay';
import { PlanCard } from './plan-card';
import { RestorePurchase } from './restore/restore-purchase';
import { SignInLink } from './sign-in-link';
import { useAnnualPlan } from './use-annual-plan';
import { useTrialCheckout } from './use-trial-checkout';

/**
 * Checkout (SPEC §2 /checkout): the annual plan after 7 free days, the figures Stillpoint can back
 * (each with its source), and the footer. 'Start free trial' opens the overlay (sign in, on to
 * hosted checkout, or the plan already held); 'Restore purchase' helps someone whose earlier
 * purchase is not showing.
 */
export function CheckoutPage() {
  // Without a stored session token nobody is signed in: the link is there from the first screen,
  // so nothing moves when the session check answers.
  const signedOut = useAuth().expectSignedOut;
  const annual = useAnnualPlan();
  const checkout = useTrialCheckout(annual.priceId);
  const disclosure = useSubscriptionDisclosure(annual.priceId, 'annual');

  return (
    <ShowcaseLayout screens={['breathePause', 'homeSites']}>
      <Page title={webPageTitle('/checkout')} heading={`Start ${FREE_TRIAL_DAYS}-day free trial`}>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-prose text-lg text-muted">
            A breath before the sites that pull you in, a daily budget for each, and quieter feeds.
          </p>
          {signedOut ? (
            <SignInLink variant="secondary" className="shrink-0 self-start sm:self-auto">
              Sign in
            </SignInLink>
          ) : null}
        </div>

        <div className="mt-8 flex flex-col gap-12 md:mt-10">
          <PlanCard
            plan={annual.plan}
            failed={annual.failed}
            retrying={annual.retrying}
            onRetry={annual.retry}
            ready={checkout.ready}
            busy={checkout.open && checkout.leaving}
            onStart={checkout.start}
            terms={<PurchaseTerms purchase={disclosure} />}
            footer={<RestorePurchase />}
          />
          <BackedFiguresLater />
        </div>

        <CheckoutOverlay open={checkout.open} view={checkout.view} onClose={checkout.close} />
        <Footer />
      </Page>
    </ShowcaseLayout>
  );
}
