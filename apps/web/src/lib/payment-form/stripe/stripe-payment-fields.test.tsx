import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentFieldsController } from '../payment-fields';
import { StripePaymentFields } from './stripe-payment-fields';

// Stand-ins for Stripe's React components: no Stripe.js can load in a test. Each test says what
// the Express Checkout Element reports when it is ready.
const stripe = vi.hoisted(() => ({
  available: {} as Record<string, boolean>,
  expressOptions: undefined as unknown,
  paymentFailed: vi.fn(),
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => Promise.resolve({}) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  useStripe: () => ({}),
  useElements: () => ({ getElement: () => null, submit: async () => ({}) }),
  PaymentElement: () => <div>card fields</div>,
  ExpressCheckoutElement: ({
    options,
    onReady,
    onConfirm,
  }: {
    options: unknown;
    onReady(event: { availablePaymentMethods: Record<string, boolean> }): void;
    onConfirm(event: { paymentFailed(payload: unknown): void }): void;
  }) => {
    stripe.expressOptions = options;
    return (
      <>
        <button type="button" onClick={() => onReady({ availablePaymentMethods: stripe.available })}>
          express ready
        </button>
        <button type="button" onClick={() => onConfirm({ paymentFailed: stripe.paymentFailed })}>
          express approved
        </button>
      </>
    );
  },
}));

function renderFields() {
  const props = {
    price: { unit_amount: 4999, currency: 'usd' },
    mode: 'payment' as const,
    cardVisible: true,
    controller: { current: null as PaymentFieldsController | null },
    onReady: vi.fn(),
    onCompleteChange: vi.fn(),
    onExpressAvailability: vi.fn(),
    onExpressConfirm: vi.fn(),
    onLoadError: vi.fn(),
  };
  render(<StripePaymentFields publishableKey="pk_test_1" {...props} />);
  return props;
}

describe("Stripe's fields", () => {
  it('offers express checkout for Apple Pay and Google Pay only', async () => {
    stripe.available = { link: true, paypal: true, applePay: false, googlePay: false };
    const props = renderFields();
    await userEvent.click(screen.getByRole('button', { name: 'express ready' }));

    expect(props.onExpressAvailability).toHaveBeenCalledWith(false);
    expect(stripe.expressOptions).toMatchObject({
      paymentMethods: { applePay: 'auto', googlePay: 'auto', link: 'never', paypal: 'never' },
    });
  });

  it('reports express checkout when a wallet can pay, and is then ready', async () => {
    stripe.available = { applePay: true, googlePay: false };
    const props = renderFields();
    await userEvent.click(screen.getByRole('button', { name: 'express ready' }));

    expect(props.onExpressAvailability).toHaveBeenCalledWith(true);
    expect(props.onReady).toHaveBeenCalled();
  });

  it("hands the form a way to close the wallet's sheet with a failure", async () => {
    const props = renderFields();
    await userEvent.click(screen.getByRole('button', { name: 'express approved' }));

    const [failed] = props.onExpressConfirm.mock.calls[0] as [() => void];
    failed();
    expect(stripe.paymentFailed).toHaveBeenCalledWith({ reason: 'fail' });
  });
});
