import { readSignInMethods, type SignInMethod, webPageTitle } from '@stillpoint/core';
import type { ComponentType } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import type { PaymentOutcome } from '../../lib/payment-form/payment-form';
import { LazyPurchaseConfirmation } from '../../lib/purchase-confirmation/lazy-purchase-confirmation';
import { FullScreenSpinner } from '../../ui/full-screen-spinner';
import { ShowcaseLayout } from '../../ui/showcase-layout';
import { OtherAccountNotice } from './other-account-notice';
import { StoreRedirectCountdown } from './store-redirect-countdown';
import { WebCheckoutPayment } from './web-checkout-payment';

export interface WebCheckoutPageProps {
  /** The sign-in methods, composed in by the app (features do not import each other). */
  SignIn: ComponentType<{
    methods: readonly SignInMethod[];
    callbackPath: string;
    /** The `error` a Google or Apple sign-in came back here with. */
    providerError: string | null;
  }>;
}

/**
 * Direct web checkout (SPEC §2 /webcheckout), often opened from the mobile app: sign in, pay,
 * then a countdown to the app store. Query: pid (the price; annual by default),
 * suggestedAuthMethods (narrows sign-in), uid (whose checkout this is; the signed-in person by default).
 */
export function WebCheckoutPage({ SignIn }: WebCheckoutPageProps) {
  const auth = useAuth();
  const [search] = useSearchParams();
  const { pathname, search: rawSearch } = useLocation();
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const uid = search.get('uid');

  let heading: string;
  let content: React.ReactNode;
  // The page's content changes in place (signed in, paid): the new heading is where a screen
  // reader goes on reading.
  const stage = auth.status === 'signedIn' ? (outcome ?? 'paying') : auth.status;
  useEffect(() => {
    if (stage === 'paying' || stage === 'purchased' || stage === 'alreadyPremium')
      headingRef.current?.focus();
  }, [stage]);

  // A visitor with nothing that suggests a session gets the sign-in at once, during the check.
  if (auth.status === 'loading' && !auth.expectSignedOut) {
    return <FullScreenSpinner title={webPageTitle('/webcheckout')} />;
  }
  if (auth.status === 'signedOut' || !auth.user) {
    heading = 'Please sign in to continue checkout';
    content = (
      <SignIn
        methods={readSignInMethods(search.get('suggestedAuthMethods'))}
        callbackPath={`${pathname}${rawSearch}`}
        providerError={search.get('error')}
      />
    );
  } else if (uid && uid !== auth.user.uid) {
    heading = 'This checkout is for another account';
    content = <OtherAccountNotice />;
  } else if (outcome) {
    heading = outcome === 'purchased' ? 'Welcome to premium' : 'You already have premium';
    content = (
      <>
        {outcome === 'alreadyPremium' ? (
          <p className="text-center text-muted">
            There is nothing to buy. Your premium works in the app too.
          </p>
        ) : (
          <LazyPurchaseConfirmation expect="plan" />
        )}
        <StoreRedirectCountdown />
      </>
    );
  } else {
    heading = 'Live distraction free';
    content = <WebCheckoutPayment pid={search.get('pid')} onComplete={setOutcome} />;
  }

  return (
    <ShowcaseLayout screens={['phoneUse', 'feedBlocking']}>
      {/* Centred on a phone; at desktop widths its left edge is the logo's, the screens beside it. */}
      <div className="flex flex-col items-center px-4 pt-6 pb-12 sm:pt-10 sm:pb-16 lg:items-start lg:px-6">
        <title>{webPageTitle('/webcheckout')}</title>
        <div className="flex w-full max-w-md flex-col gap-6">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-balance text-center text-3xl font-semibold tracking-tight text-ink outline-none sm:text-4xl lg:text-left"
          >
            {heading}
          </h1>
          {content}
        </div>
      </div>
    </ShowcaseLayout>
  );
}
