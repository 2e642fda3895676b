import { funnelProgress, paywallFor, webPageTitle } from '@stillpoint/core';
import { ChevronLeft } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { brand } from '../../lib/brand';
import { useBrowserValue, useIsStored } from '../../lib/first-screen';
import type { PaymentOutcome } from '../../lib/payment-form/payment-form';
import { readPaymentReturn, SSID_PARAM, withoutProviderParams } from '../../lib/payment-form/payment-return';
import { SESSION_TOKEN_KEY } from '../../lib/session-token';
import { whenIdle } from '../../lib/when-idle';
import { FullScreenSpinner } from '../../ui/full-screen-spinner';
import { ProgressBar } from '../../ui/progress-bar';
import { ShowcaseLayout } from '../../ui/showcase-layout';
import { Spinner } from '../../ui/spinner';
import { funnelEvents } from './funnel-events';
import { hasKeptPlace, hasPlanAnswers } from './funnel-storage';
import { DownloadStep, loadLaterSteps, PurchaseStep, SignUpStep } from './later-steps';
import { BeforeStillpointStep, FirstReviewStep, RightSpotStep, SecondReviewStep } from './steps/info-steps';
import { LandingStep } from './steps/landing-step';
import { QuestionStep } from './steps/question-step';
import type { FunnelSignIn } from './steps/sign-up-step';
import { useAndroidRedirect } from './use-android-redirect';
import { useFunnel } from './use-funnel';

export interface GettingStartedPageProps {
  /** The sign-in methods, composed in by the app (features do not import each other). */
  SignIn: FunnelSignIn;
}

/**
 * The web-first funnel (SPEC §2 /getting-started): questions, sign-up, one of two paywalls, then
 * the way to the app. Mobile first, in a column at most 768 px wide.
 */
export function GettingStartedPage({ SignIn }: GettingStartedPageProps) {
  const auth = useAuth();
  const android = useAndroidRedirect();
  // Only the first check of the session waits: a later one (after signing in on SIGN_UP) must not
  // unmount the funnel and lose its place. A first visit (no token, no place kept) starts on
  // LANDING at once: the answer could only matter to someone signed in, and the first screen
  // should not wait on a round trip for it.
  const tokenStored = useIsStored(`local:${SESSION_TOKEN_KEY}`);
  const placeKept = useBrowserValue(hasKeptPlace, false);
  const [authKnown, setAuthKnown] = useState(() => auth.status !== 'loading' || (!tokenStored && !placeKept));
  if (!authKnown && auth.status !== 'loading') setAuthKnown(true);
  if (android.status === 'redirecting') {
    return (
      <FunnelColumn>
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <title>{webPageTitle('/getting-started')}</title>
          <h1 className="text-2xl font-semibold tracking-tight text-ink">Opening Google Play…</h1>
          <p className="text-muted">{brand.name} for Android is on Google Play.</p>
          {android.url ? (
            <a href={android.url} className="font-medium text-accent hover:underline">
              Open Google Play
            </a>
          ) : null}
        </div>
      </FunnelColumn>
    );
  }
  if (!authKnown) return <FullScreenSpinner title={webPageTitle('/getting-started')} />;
  return <Funnel SignIn={SignIn} signedIn={auth.status === 'signedIn'} />;
}

function Funnel({ SignIn, signedIn }: { SignIn: FunnelSignIn; signedIn: boolean }) {
  const auth = useAuth();
  const [search, setSearch] = useSearchParams();
  // Read once: the provider's parameters are then removed from the address.
  const [returned] = useState(() => readPaymentReturn(search));
  const [providerError] = useState(() => search.get('error'));
  const funnel = useFunnel({ signedIn, returningFromPayment: returned !== null });
  const { step, answers, answer, next, back, goTo, outcome, finish } = funnel;

  const uid = auth.user?.uid;
  const hasAnswers = hasPlanAnswers(answers);
  const complete = useCallback(
    (result: PaymentOutcome) => {
      if (result === 'purchased') funnelEvents.purchased(paywallFor(uid, hasAnswers));
      finish(result);
    },
    [uid, hasAnswers, finish],
  );
  // Back from the provider with the payment made: nothing left to show on the paywall.
  const paidOnReturn = returned?.status === 'succeeded' || returned?.status === 'processing';
  const handledReturn = useRef(false);
  useEffect(() => {
    // Once, for the address the page was opened with.
    if (handledReturn.current) return;
    handledReturn.current = true;
    if (paidOnReturn) {
      // The purchase is handled: ssid goes too, so a reload opens the kept download step, not
      // the paywall (which would find premium and say there was nothing to pay).
      const rest = withoutProviderParams(search);
      rest.delete(SSID_PARAM);
      setSearch(rest, { replace: true });
      complete('purchased');
    } else if (returned?.status) {
      setSearch(withoutProviderParams(search), { replace: true });
    }
  }, [returned, search, setSearch, paidOnReturn, complete]);

  useEffect(() => {
    // Once the first screen is drawn and the browser is idle, so its code and data come first.
    return whenIdle(() => void loadLaterSteps().catch(() => undefined));
  }, []);

  // The first step appears as it is: fading it in would only hold back its first paint.
  const firstStep = useRef(step);
  const moved = useRef(false);
  if (step !== firstStep.current) moved.current = true;

  const progress = funnelProgress(step);
  return (
    <FunnelColumn>
      <title>{webPageTitle('/getting-started')}</title>
      <div className="flex min-h-11 items-center gap-3">
        {back ? (
          <button
            type="button"
            onClick={back}
            aria-label="Back"
            className="-ml-2 flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-accent-soft hover:text-accent"
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
        ) : null}
        {progress !== null ? <ProgressBar percent={progress * 100} label="Your progress" /> : null}
      </div>
      <div key={step} className={moved.current ? 'pt-4 motion-safe:animate-step-in' : 'pt-4'}>
        <Suspense
          fallback={
            <div className="grid place-items-center py-16">
              <Spinner className="size-8" />
            </div>
          }
        >
          {(() => {
            switch (step) {
              case 'LANDING':
                return <LandingStep onStart={next} onSignIn={() => goTo('SIGN_UP')} />;
              case 'INTENTION':
              case 'OUTCOME':
              case 'AGE':
              case 'OCCUPATION':
              case 'MOST_DISRUPTIVE':
              case 'WORST_APP':
                return <QuestionStep step={step} answers={answers} answer={answer} next={next} goTo={goTo} />;
              case 'RIGHT_SPOT':
                return <RightSpotStep intention={answers.intention} next={next} />;
              case 'FIRST_REVIEW':
                return <FirstReviewStep next={next} />;
              case 'BEFORE_STILLPOINT':
                return <BeforeStillpointStep worstApp={answers.worstApp} next={next} />;
              case 'SECOND_REVIEW':
                return <SecondReviewStep next={next} />;
              case 'SIGN_UP':
                return (
                  <SignUpStep
                    SignIn={SignIn}
                    providerError={providerError}
                    answers={answers}
                    onSignedUp={funnelEvents.signedUp}
                    onSaved={next}
                  />
                );
              case 'PURCHASE':
                return paidOnReturn ? null : (
                  <PurchaseStep
                    hasAnswers={hasAnswers}
                    authenticationFailed={returned?.status === 'failed'}
                    onComplete={complete}
                    onSignIn={() => goTo('SIGN_UP')}
                  />
                );
              case 'REDIRECT_TO_DOWNLOAD':
                return <DownloadStep alreadyPremium={outcome === 'alreadyPremium'} />;
            }
          })()}
        </Suspense>
      </div>
    </FunnelColumn>
  );
}

/** The funnel's column; at desktop widths the product's screens stand beside it. */
function FunnelColumn({ children }: { children: React.ReactNode }) {
  return (
    <ShowcaseLayout screens={['homeSites', 'breathePause']}>
      <div className="mx-auto flex w-full max-w-[768px] flex-col px-4 pt-3 pb-16 sm:px-6 sm:pt-6 lg:pt-10">
        {children}
      </div>
    </ShowcaseLayout>
  );
}
