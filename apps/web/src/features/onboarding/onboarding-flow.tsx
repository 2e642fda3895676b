import {
  HOME_PATH,
  leavesOnboardingForHome,
  nextOnboardingStep,
  type OnboardingStep,
  onboardingProgress,
} from '@stillpoint/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useExtension } from '../../lib/auth/use-extension';
import { canInstallExtension } from '../../lib/browser';
import { ProgressBar } from '../../ui/progress-bar';
import { type OnboardingPlace, onboardingPlace } from './onboarding-place';
import { ExtensionStep } from './steps/extension-step';
import { FeedblockingStep } from './steps/feedblocking-step';
import { HdyhStep } from './steps/hdyh-step';
import { IntentionStep } from './steps/intention-step';
import { InterceptStep } from './steps/intercept-step';
import { IosAppStep } from './steps/ios-app-step';
import { OutcomeStep } from './steps/outcome-step';
import { PinStep } from './steps/pin-step';

interface OnboardingFlowProps {
  /** Where to begin: a place kept from earlier in this tab, or SPEC §4's first step. */
  initial: OnboardingPlace;
  isIosRoute: boolean;
  /** Whose place it is and on which route, for keeping it (onboardingPlace). */
  userId: string;
  pathname: string;
}

/**
 * The steps in SPEC §4 order, then home. Back returns along the steps actually shown; the
 * intention and outcome are kept here until ASK_HDYH sends them. The place survives a reload.
 */
export function OnboardingFlow({ initial, isIosRoute, userId, pathname }: OnboardingFlowProps) {
  const navigate = useNavigate();
  const [visited, setVisited] = useState<OnboardingStep[]>(initial.visited);
  const [intention, setIntention] = useState(initial.intention);
  const [outcome, setOutcome] = useState(initial.outcome);
  const step = visited[visited.length - 1] ?? 'ASK_INTENTION';
  const installable = canInstallExtension();
  const extension = useExtension();

  useEffect(() => {
    onboardingPlace.save(userId, pathname, { visited, intention, outcome });
  }, [userId, pathname, visited, intention, outcome]);

  const finish = useCallback(() => {
    onboardingPlace.clear(userId, pathname);
    navigate(HOME_PATH, { replace: true });
  }, [navigate, userId, pathname]);
  const next = () => {
    const following = nextOnboardingStep(step, { hasExtension: extension !== 'missing' });
    if (!following || leavesOnboardingForHome(following, installable)) return finish();
    setVisited((steps) => [...steps, following]);
  };
  const back = () => setVisited((steps) => steps.slice(0, -1));
  // Counted over the steps this person is shown: no pin step without the extension (issue 43).
  const { current, total } = onboardingProgress(step, {
    first: visited[0],
    hasExtension: extension !== 'missing',
    isChrome: installable,
  });

  function renderStep() {
    switch (step) {
      case 'ASK_INTENTION':
        return (
          <IntentionStep
            selected={intention}
            onChoose={(chosen) => {
              if (chosen !== intention) setOutcome(null);
              setIntention(chosen);
              next();
            }}
          />
        );
      case 'ASK_OUTCOME':
        // Reached only after an intention is chosen; without one there is nothing to ask here.
        return intention ? (
          <OutcomeStep
            intention={intention}
            selected={outcome}
            onChoose={(chosen) => {
              setOutcome(chosen);
              next();
            }}
          />
        ) : (
          <IntentionStep selected={null} onChoose={setIntention} />
        );
      case 'ASK_HDYH':
        return <HdyhStep intention={intention} outcome={outcome} onSaved={next} />;
      case 'DOWNLOAD_IOS_APP':
        return <IosAppStep iosFocused={isIosRoute} onNext={next} />;
      case 'DOWNLOAD_EXTENSION':
        return <ExtensionStep installable={installable} onNext={next} onLeave={finish} />;
      case 'SETUP_FEEDBLOCKING':
        return <FeedblockingStep onNext={next} />;
      case 'SETUP_INTERCEPT':
        return <InterceptStep onNext={next} />;
      case 'PIN_EXTENSION':
        return <PinStep onFinish={finish} />;
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex items-center gap-4">
        {visited.length > 1 ? (
          <button
            type="button"
            onClick={back}
            className="min-h-11 shrink-0 rounded-full px-3 text-sm font-semibold text-accent hover:bg-accent-soft"
          >
            ← Back
          </button>
        ) : null}
        <div className="flex flex-1 flex-col gap-1.5">
          <p className="text-xs font-medium text-muted">
            Step {current} of {total}
          </p>
          <ProgressBar percent={(current / total) * 100} label="Onboarding progress" />
        </div>
      </div>

      {renderStep()}
    </div>
  );
}
