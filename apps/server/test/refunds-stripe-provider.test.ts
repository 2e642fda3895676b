import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PaymentProvider, RefundRefusedError } from '../src/integrations/payments/provider';
import { createStripeProvider } from '../src/integrations/payments/stripe/stripe-provider';
import { missing, on, type Route, startFakeStripe } from './support/fake-stripe';

const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z

/** A charge as the API reference shows it (since 2025-03-31.basil it names no invoice). */
function chargeObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ch_1Paid',
    object: 'charge',
    amount: 4999,
    amount_captured: 4999,
    amount_refunded: 0,
    captured: true,
    created: T0,
    currency: 'usd',
    customer: 'cus_Person',
    description: 'Subscription creation',
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: 'pi_1Paid',
    refunded: false,
    status: 'succeeded',
    ...overrides,
  };
}

/** An invoice payment, its invoice expanded: the subscription and the plan's line. */
const invoicePaymentOf = (paymentIntent: string, subscription: string) => ({
  object: 'list',
  url: '/v1/invoice_payments',
  has_more: false,
  data: [
    {
      id: 'inpay_1',
      object: 'invoice_payment',
      amount_paid: 4999,
      currency: 'usd',
      is_default: true,
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      invoice: {
        id: 'in_1First',
        object: 'invoice',
        customer: 'cus_Person',
        lines: {
          object: 'list',
          has_more: false,
          data: [
            { id: 'il_1', object: 'line_item', description: '1 × Stillpoint Premium (at $49.99 / year)' },
          ],
        },
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription, metadata: {} },
        },
      },
    },
  ],
});

const noInvoicePayment = { object: 'list', url: '/v1/invoice_payments', has_more: false, data: [] };

/** Answers the invoice-payment lookup of one PaymentIntent. */
const invoicePaymentsFor =
  (paymentIntent: string, body: unknown): Route =>
  (request) =>
    request.method === 'GET' &&
    request.path === '/v1/invoice_payments' &&
    request.query['payment[payment_intent]'] === paymentIntent
      ? { body }
      : undefined;

function refundObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 're_1Refund',
    object: 'refund',
    amount: 1000,
    charge: 'ch_1Paid',
    created: T0 + 60,
    currency: 'usd',
    metadata: {},
    payment_intent: 'pi_1Paid',
    reason: 'requested_by_customer',
    status: 'succeeded',
    ...overrides,
  };
}

describe('Stripe provider: payments and refunds (against a local stand-in for the Stripe API)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({
      secretKey: 'sk_test_stillpoint',
      webhookSecret: 'whsec_test',
      sandbox: true,
      portalConfigurationId: null,
      api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
    });
  });
  afterAll(async () => fake.close());
  beforeEach(() => fake.answer());

  it("lists a customer's paid charges newest first (charges.list), with each one's subscription and plan from its invoice", async () => {
    fake.answer(
      on('GET', '/v1/charges', {
        object: 'list',
        url: '/v1/charges',
        has_more: false,
        data: [
          chargeObject({
            id: 'ch_3Gift',
            payment_intent: 'pi_3Gift',
            description: 'Gift',
            created: T0 + 200,
          }),
          chargeObject({ id: 'ch_2Failed', paid: false, status: 'failed', created: T0 + 100 }),
          chargeObject({ amount_refunded: 1000 }),
        ],
      }),
      invoicePaymentsFor('pi_1Paid', invoicePaymentOf('pi_1Paid', 'sub_1Plan')),
      invoicePaymentsFor('pi_3Gift', noInvoicePayment),
    );
    expect(await provider.listCustomerPayments('cus_Person')).toEqual([
      {
        id: 'ch_3Gift',
        customerId: 'cus_Person',
        amountCents: 4999,
        currency: 'usd',
        paidAt: new Date((T0 + 200) * 1000),
        refundedCents: 0,
        description: 'Gift',
        subscriptionId: null,
      },
      {
        id: 'ch_1Paid',
        customerId: 'cus_Person',
        amountCents: 4999,
        currency: 'usd',
        paidAt: new Date(T0 * 1000),
        refundedCents: 1000,
        description: '1 × Stillpoint Premium (at $49.99 / year)',
        subscriptionId: 'sub_1Plan',
      },
    ]);
    const list = fake.requests.find((request) => request.path === '/v1/charges');
    expect(list?.query).toMatchObject({ customer: 'cus_Person', limit: '50' });
    const lookup = fake.requests.find((request) => request.query['payment[payment_intent]'] === 'pi_1Paid');
    expect(lookup?.query).toMatchObject({ 'payment[type]': 'payment_intent', 'expand[0]': 'data.invoice' });
  });

  it('reads one charge (charges.retrieve); a missing or unpaid one is null', async () => {
    fake.answer(
      on('GET', '/v1/charges/ch_1Paid', chargeObject({ amount_refunded: 4999, refunded: true })),
      on('GET', '/v1/charges/ch_2Failed', chargeObject({ id: 'ch_2Failed', paid: false, status: 'failed' })),
      on('GET', '/v1/charges/ch_missing', missing('ch_missing'), 404),
      invoicePaymentsFor('pi_1Paid', invoicePaymentOf('pi_1Paid', 'sub_1Plan')),
    );
    expect(await provider.retrievePayment('ch_1Paid')).toMatchObject({
      id: 'ch_1Paid',
      refundedCents: 4999,
      subscriptionId: 'sub_1Plan',
    });
    expect(await provider.retrievePayment('ch_2Failed')).toBeNull();
    expect(await provider.retrievePayment('ch_missing')).toBeNull();
  });

  it('refunds part of a charge (refunds.create) with the amount, the reason and the idempotency key', async () => {
    fake.answer(on('POST', '/v1/refunds', refundObject()));
    const refund = await provider.refundPayment({
      paymentId: 'ch_1Paid',
      amountCents: 1000,
      idempotencyKey: 'refund:ch_1Paid:0:1000',
    });
    expect(refund).toEqual({
      id: 're_1Refund',
      paymentId: 'ch_1Paid',
      amountCents: 1000,
      status: 'succeeded',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      form: { charge: 'ch_1Paid', amount: '1000', reason: 'requested_by_customer' },
      idempotencyKey: 'refund:ch_1Paid:0:1000',
    });
  });

  it('refunds what is left when no amount is given, and reads a pending refund as pending', async () => {
    fake.answer(on('POST', '/v1/refunds', refundObject({ amount: 4999, status: 'pending' })));
    const refund = await provider.refundPayment({ paymentId: 'ch_1Paid' });
    expect(refund).toMatchObject({ amountCents: 4999, status: 'pending' });
    expect(fake.requests[0]?.form).toEqual({ charge: 'ch_1Paid', reason: 'requested_by_customer' });
  });

  it("turns Stripe's refusals of the amount into RefundRefusedError and passes other errors on", async () => {
    const refusal = (code: string, message: string) => ({
      error: { type: 'invalid_request_error', code, message, param: 'amount' },
    });
    fake.answer(
      (request) =>
        request.form.charge === 'ch_1Paid'
          ? {
              status: 400,
              body: refusal(
                'amount_too_large',
                'Refund amount ($60.00) is greater than unrefunded amount on charge ($49.99)',
              ),
            }
          : undefined,
      (request) =>
        request.form.charge === 'ch_refunded'
          ? {
              status: 400,
              body: refusal('charge_already_refunded', 'Charge ch_refunded has already been refunded.'),
            }
          : undefined,
      on('POST', '/v1/refunds', missing('ch_missing'), 404),
    );
    await expect(provider.refundPayment({ paymentId: 'ch_1Paid', amountCents: 6000 })).rejects.toThrow(
      RefundRefusedError,
    );
    await expect(provider.refundPayment({ paymentId: 'ch_refunded' })).rejects.toThrow(RefundRefusedError);
    const other = provider.refundPayment({ paymentId: 'ch_missing' });
    await expect(other).rejects.toThrow("No such object: 'ch_missing'");
    await expect(other).rejects.not.toThrow(RefundRefusedError);
  });
});
