import type { SubscriptionIntent } from '@stillpoint/core';
import type { Stripe, StripeElements, StripeError } from '@stripe/stripe-js';
import type { ConfirmOutcome } from '../payment-fields';

/** Stripe's guidance: show its message for a card or validation problem, anything else is unexpected. */
export const failureFrom = (error: StripeError): ConfirmOutcome => ({
  kind: 'failed',
  message: error.type === 'card_error' || error.type === 'validation_error' ? (error.message ?? null) : null,
});

/**
 * Confirms the server's intent with Stripe. The Elements were set up for what the form expected
 * (a trial's setup or a payment); the server decides, so when it answered otherwise the Elements
 * are switched to its answer first. Redirects only for methods that need it (3D Secure).
 */
export async function confirmWithStripe(
  stripe: Stripe,
  elements: StripeElements,
  intent: SubscriptionIntent,
  returnUrl: string,
  expected: { mode: 'setup' | 'payment'; amount: number; currency: string },
): Promise<ConfirmOutcome> {
  if (intent.type !== expected.mode) {
    await elements.update(
      intent.type === 'setup'
        ? { mode: 'setup', currency: expected.currency }
        : { mode: 'subscription', amount: expected.amount, currency: expected.currency },
    );
    const { error } = await elements.submit();
    if (error) return failureFrom(error);
  }
  const options = {
    elements,
    clientSecret: intent.clientSecret,
    confirmParams: { return_url: returnUrl },
    redirect: 'if_required',
  } as const;
  const result =
    intent.type === 'setup' ? await stripe.confirmSetup(options) : await stripe.confirmPayment(options);
  return result.error ? failureFrom(result.error) : { kind: 'succeeded' };
}
