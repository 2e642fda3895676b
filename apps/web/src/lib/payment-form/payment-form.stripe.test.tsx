import { messages } from '@stillpoint/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useImperativeHandle } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakePayments } from '../../test/fake-payments';
import { installFakeServer } from '../../test/fake-server';
import { renderRoute } from '../../test/render-route';
import { FAKE_PAYMENT_CONFIG } from '../../test/subscriptions';
import type { PaymentFieldsProps } from './payment-fields';
import { PaymentForm } from './payment-form';

// What Stripe's Elements would report, set per test: no Stripe.js can load in a test.
const stripeFields = vi.hoisted(() => ({
  validation: null as string | null,
  express: true,
  walletFailed: 0,
}));

vi.mock('./stripe/stripe-payment-fields', () => ({
  StripePaymentFields({
    controller,
    onReady,
    onCompleteChange,
    onExpressAvailability,
    onExpressConfirm,
  }: PaymentFieldsProps) {
    useImperativeHandle(controller, () => ({
      validate: async () => stripeFields.validation,
      confirm: async () => ({ kind: 'succeeded' }) as const,
    }));
    useEffect(() => {
      onExpressAvailability(stripeFields.express);
      onReady();
      onCompleteChange(true);
    }, [onReady, onCompleteChange, onExpressAvailability]);
    return (
      <button
        type="button"
        onClick={() =>
          onExpressConfirm(() => {
            stripeFields.walletFailed += 1;
          })
        }
      >
        Express pay
      </button>
    );
  },
}));

afterEach(() => vi.restoreAllMocks());

function renderStripeForm() {
  const server = installFakeServer({ signedIn: true });
  installFakePayments(server);
  server.route('GET /api/getPaymentConfig', () => ({
    body: {
      success: true,
      data: { ...FAKE_PAYMENT_CONFIG, provider: 'stripe', publishableKey: 'pk_test_123' },
    },
  }));
  const onComplete = vi.fn();
  renderRoute('/pay', [
    {
      path: '/pay',
      element: (
        <PaymentForm
          priceId={FAKE_PAYMENT_CONFIG.prices.annual}
          subtext="subtext"
          trialDays={0}
          submitLabel="Start subscription"
          revealLabel="Purchase"
          allowSecondPurchase
          onComplete={onComplete}
        />
      ),
    },
  ]);
  return { server, onComplete };
}

describe('the payment form on Stripe', () => {
  it('shows the express checkout and the card fields together when express checkout is offered', async () => {
    stripeFields.express = true;
    stripeFields.validation = null;
    const { onComplete } = renderStripeForm();

    await userEvent.click(await screen.findByRole('button', { name: 'Express pay' }));
    expect(screen.queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();
    expect(await screen.findByText('Payment confirmed. Welcome to premium!')).toBeInTheDocument();
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it("tells the wallet's sheet when an express payment does not go through", async () => {
    stripeFields.express = true;
    stripeFields.validation = 'Your card was declined.';
    stripeFields.walletFailed = 0;
    const { onComplete } = renderStripeForm();

    await userEvent.click(await screen.findByRole('button', { name: 'Express pay' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(stripeFields.walletFailed).toBe(1);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('says "payment failed" when validation fails without a message of its own', async () => {
    stripeFields.express = false;
    stripeFields.validation = '';
    const { server } = renderStripeForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    await user.click(screen.getByRole('button', { name: 'Start subscription' }));

    expect(await screen.findByText(messages.paymentFailed)).toBeInTheDocument();
    expect(server.calls('POST /api/getStripeSubscriptionIntent')).toHaveLength(0);
  });

  it("shows the provider's own validation message", async () => {
    stripeFields.express = false;
    stripeFields.validation = 'Your postal code is incomplete.';
    renderStripeForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    await user.click(screen.getByRole('button', { name: 'Start subscription' }));

    expect(await screen.findByText('Your postal code is incomplete.')).toBeInTheDocument();
  });
});
