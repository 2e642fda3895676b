import { FUNNEL_STEPS, FUNNEL_STEPS_WITHOUT_PROGRESS, type FunnelStep } from '../constants/steps';

/**
 * Where the web-first funnel opens (SPEC §2): on the purchase screen when the payment provider
 * sent the person back (ssid), on SIGN_UP when already signed in, else on the landing. A place
 * kept from earlier in this visit wins over the landing, never over the two rules above it.
 */
export function firstFunnelStep(context: {
  signedIn: boolean;
  returningFromPayment: boolean;
  kept?: FunnelStep | null;
}): FunnelStep {
  if (context.returningFromPayment) return 'PURCHASE';
  const kept = context.kept ?? null;
  if (context.signedIn) {
    return kept !== null && stepIndex(kept) > stepIndex('SIGN_UP') ? kept : 'SIGN_UP';
  }
  // Signed out, the steps after sign-up cannot be shown: they need an account.
  return kept !== null && stepIndex(kept) <= stepIndex('SIGN_UP') ? kept : 'LANDING';
}

const stepIndex = (step: FunnelStep): number => FUNNEL_STEPS.indexOf(step);

export function nextFunnelStep(step: FunnelStep): FunnelStep {
  return FUNNEL_STEPS[Math.min(stepIndex(step) + 1, FUNNEL_STEPS.length - 1)] as FunnelStep;
}

/** The step Back goes to; null where there is no going back (the landing, and once paid or signed up). */
export function previousFunnelStep(step: FunnelStep): FunnelStep | null {
  if (step === 'LANDING' || stepIndex(step) > stepIndex('SIGN_UP')) return null;
  return FUNNEL_STEPS[stepIndex(step) - 1] as FunnelStep;
}

/** How far along the funnel is, from 0 to 1; null on the steps that hide the progress bar. */
export function funnelProgress(step: FunnelStep): number | null {
  if (FUNNEL_STEPS_WITHOUT_PROGRESS.includes(step)) return null;
  return stepIndex(step) / (FUNNEL_STEPS.length - 1);
}

export function isFunnelStep(value: unknown): value is FunnelStep {
  return typeof value === 'string' && (FUNNEL_STEPS as readonly string[]).includes(value);
}
