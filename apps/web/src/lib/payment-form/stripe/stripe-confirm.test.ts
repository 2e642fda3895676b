import type { Stripe, StripeElements, StripeError } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { confirmWithStripe } from './stripe-confirm';

const expected = { mode: 'payment', amount: 4999, currency: 'usd' } as const;
const paymentIntent = { clientSecret: 'pi_1_secret_x', type: 'payment', subscriptionId: 'sub_1' } as const;
const setupIntent = { clientSecret: 'seti_1_secret_x', type: 'setup', subscriptionId: 'sub_1' } as const;

function fakeStripe(result: { error?: Partial<StripeError> }) {
  const stripe = {
    confirmPayment: vi.fn(async () => result),
    confirmSetup: vi.fn(async () => result),
  };
  const order: string[] = [];
  const elements = {
    // Stripe applies an update asynchronously: submitting before it lands would use the old mode.
    update: vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('update');
    }),
    submit: vi.fn(async () => {
      order.push('submit');
      return {};
    }),
  };
  return {
    stripe,
    elements,
    order,
    confirm: (intent: typeof paymentIntent | typeof setupIntent) =>
      confirmWithStripe(
        stripe as unknown as Stripe,
        elements as unknown as StripeElements,
        intent,
        'https://stillpoint.app/webcheckout?ssid=sub_1',
        expected,
      ),
  };
}

describe('confirming with Stripe', () => {
  it('confirms a payment, redirecting only if the method needs it', async () => {
    const fake = fakeStripe({});
    expect(await fake.confirm(paymentIntent)).toEqual({ kind: 'succeeded' });
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        clientSecret: 'pi_1_secret_x',
        redirect: 'if_required',
        confirmParams: { return_url: 'https://stillpoint.app/webcheckout?ssid=sub_1' },
      }),
    );
    expect(fake.elements.update).not.toHaveBeenCalled();
  });

  it("switches the Elements to the server's answer before confirming a trial's card", async () => {
    const fake = fakeStripe({});
    expect(await fake.confirm(setupIntent)).toEqual({ kind: 'succeeded' });
    expect(fake.elements.update).toHaveBeenCalledWith({ mode: 'setup', currency: 'usd' });
    expect(fake.order).toEqual(['update', 'submit']);
    expect(fake.stripe.confirmSetup).toHaveBeenCalled();
  });

  it("shows Stripe's message for a card problem", async () => {
    const fake = fakeStripe({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    expect(await fake.confirm(paymentIntent)).toEqual({
      kind: 'failed',
      message: 'Your card has insufficient funds.',
    });
  });

  it('calls anything else unexpected', async () => {
    const fake = fakeStripe({ error: { type: 'api_error', message: 'Internal details' } });
    expect(await fake.confirm(paymentIntent)).toEqual({ kind: 'failed', message: null });
  });
});
