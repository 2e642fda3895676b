import { type FunnelStep, firstFunnelStep, nextFunnelStep, previousFunnelStep } from '@stillpoint/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentOutcome } from '../../lib/payment-form/payment-form';
import { funnelEvents } from './funnel-events';
import {
  type FunnelAnswers,
  type FunnelPlace,
  loadDeviceAnswers,
  loadPlace,
  saveDeviceAnswers,
  savePlace,
} from './funnel-storage';

export interface Funnel {
  step: FunnelStep;
  answers: FunnelAnswers;
  answer(changes: Partial<FunnelAnswers>): void;
  next(): void;
  /** null where Back is not offered. */
  back: (() => void) | null;
  goTo(step: FunnelStep): void;
  /** How the paywall finished in this visit; null before. */
  outcome: PaymentOutcome | null;
  /** The paywall finished: on to the download step, remembering how, for a reload. */
  finish(outcome: PaymentOutcome): void;
}

/**
 * The funnel's place and answers (SPEC §4 web-first funnel): kept for a reload of this visit, the
 * answers SPEC §3 names saved on the device on reaching SIGN_UP, each step's view told once.
 */
export function useFunnel({
  signedIn,
  returningFromPayment,
}: {
  signedIn: boolean;
  returningFromPayment: boolean;
}): Funnel {
  const [place, setPlace] = useState<FunnelPlace>(() => {
    const kept = loadPlace();
    return {
      step: firstFunnelStep({ signedIn, returningFromPayment, kept: kept?.step }),
      answers: kept?.answers ?? loadDeviceAnswers(),
      outcome: kept?.outcome ?? null,
    };
  });

  useEffect(() => savePlace(place), [place]);

  const { step } = place;
  // Once per step shown, also when StrictMode runs the effect twice in development.
  const toldStep = useRef<FunnelStep | null>(null);
  useEffect(() => {
    if (toldStep.current === step) return;
    toldStep.current = step;
    funnelEvents.stepViewed(step);
  }, [step]);
  useEffect(() => {
    if (step === 'SIGN_UP') saveDeviceAnswers(place.answers);
  }, [step, place.answers]);

  const answer = useCallback(
    (changes: Partial<FunnelAnswers>) =>
      setPlace((current) => ({ ...current, answers: { ...current.answers, ...changes } })),
    [],
  );
  const next = useCallback(
    () => setPlace((current) => ({ ...current, step: nextFunnelStep(current.step) })),
    [],
  );
  const goTo = useCallback((to: FunnelStep) => setPlace((current) => ({ ...current, step: to })), []);
  const finish = useCallback(
    (outcome: PaymentOutcome) =>
      setPlace((current) => ({ ...current, step: 'REDIRECT_TO_DOWNLOAD', outcome })),
    [],
  );
  const previous = previousFunnelStep(step);
  const back = previous ? () => goTo(previous) : null;

  return { step, answers: place.answers, answer, next, back, goTo, outcome: place.outcome, finish };
}
