import type { CardInput, SubscriptionIntent } from '@stillpoint/core';
import { API_TIMEOUT_MS } from '../../api';
import type { ConfirmOutcome } from '../payment-fields';

/** The local provider's confirm call (its stand-in for stripe.confirmSetup / confirmPayment). */
export const LOCAL_CONFIRM_PATH = '/local-pay/api/confirm';

/** Leaving for the provider's authentication page; one object so tests can watch it. */
export const providerRedirect = {
  open(url: string): void {
    window.location.assign(url);
  },
};

interface ConfirmAnswer {
  status?: 'succeeded' | 'requires_action';
  redirectUrl?: string;
  error?: { message?: string; code?: string };
}

/**
 * Confirms an intent with the local provider. Like Stripe's own guidance for its confirm calls,
 * a card problem (declined, invalid, a purchase that has to start again) shows the provider's
 * message, and anything else is unexpected.
 */
export async function confirmWithLocalProvider(
  intent: SubscriptionIntent,
  card: CardInput,
  returnUrl: string,
): Promise<ConfirmOutcome> {
  let response: Response;
  let answer: ConfirmAnswer;
  try {
    response = await fetch(LOCAL_CONFIRM_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: intent.clientSecret, ...card, returnUrl }),
      // A provider that never answers must not leave the button busy for good.
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    answer = (await response.json()) as ConfirmAnswer;
  } catch {
    return { kind: 'failed', message: null };
  }
  if (response.ok && answer.status === 'succeeded') return { kind: 'succeeded' };
  if (response.ok && answer.status === 'requires_action' && answer.redirectUrl) {
    providerRedirect.open(answer.redirectUrl);
    return { kind: 'redirecting' };
  }
  const cardProblem = response.status === 400 || response.status === 402;
  return { kind: 'failed', message: cardProblem ? (answer.error?.message ?? null) : null };
}
