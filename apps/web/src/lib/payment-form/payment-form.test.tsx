import { messages, TERMS_VERSION } from '@stillpoint/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_AUTHENTICATE_URL, FAKE_SUBSCRIPTION_ID, installFakePayments } from '../../test/fake-payments';
import { installFakeServer } from '../../test/fake-server';
import { renderRoute } from '../../test/render-route';
import { FAKE_PAYMENT_CONFIG, subscriptionState } from '../../test/subscriptions';
import { providerRedirect } from './local/local-confirm';
import { PaymentForm, type PaymentFormProps } from './payment-form';

afterEach(() => vi.restoreAllMocks());

const ANNUAL = FAKE_PAYMENT_CONFIG.prices.annual;

function renderForm(props: Partial<PaymentFormProps> = {}, path = '/pay') {
  const onComplete = vi.fn();
  const view = renderRoute(path, [
    {
      path: '/pay',
      element: (
        <PaymentForm
          priceId={ANNUAL}
          subtext="$4.17/mo billed yearly at $49.99/yr"
          trialDays={0}
          submitLabel="Start subscription"
          revealLabel="Purchase"
          allowSecondPurchase
          onComplete={onComplete}
          {...props}
        />
      ),
    },
  ]);
  return { onComplete, ...view };
}

async function enterCard(number: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Purchase' }));
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiration date'), '1234');
  await user.type(screen.getByLabelText('Security code'), '123');
  return user;
}

const submit = () => screen.getByRole('button', { name: 'Start subscription' });

describe('the payment form', () => {
  it('loads, then offers the card behind Purchase when there is no express checkout', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderForm();

    expect(screen.getByRole('status', { name: 'Loading payment form' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Purchase' })).toBeEnabled();
    expect(screen.queryByTestId('express-checkout-stand-in')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeVisible();
    expect(screen.getByText('$4.17/mo billed yearly at $49.99/yr')).toBeInTheDocument();
  });

  it('enables submit only once the card details are complete', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));

    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiration date'), '1234');
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('Security code'), '12');
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('Security code'), '3');
    expect(submit()).toBeEnabled();
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiration date')).toHaveValue('12 / 34');
  });

  it('creates the customer and the intent, confirms the payment and completes once', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    const { onComplete } = renderForm();
    const user = await enterCard('4242 4242 4242 4242');
    await user.click(submit());

    expect(await screen.findByText('Payment confirmed. Welcome to premium!')).toBeInTheDocument();
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('purchased');
    const order = server.requests
      .map((request) => request.path)
      .filter((path) =>
        ['/api/createStripeCustomer', '/api/getStripeSubscriptionIntent', '/local-pay/api/confirm'].includes(
          path,
        ),
      );
    expect(order).toEqual([
      '/api/createStripeCustomer',
      '/api/getStripeSubscriptionIntent',
      '/local-pay/api/confirm',
    ]);
    expect(server.calls('POST /api/getStripeSubscriptionIntent')[0]?.body).toEqual({
      userId: 'user-1',
      priceId: ANNUAL,
      numTrialDays: 0,
      termsVersion: TERMS_VERSION,
    });
    // The data that changed is asked for again, and completion still fires only once.
    await waitFor(() => expect(server.calls('POST /api/getStripeCustomer').length).toBeGreaterThan(1));
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it("shows the provider's message for a declined card and lets the person try again", async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    const { onComplete } = renderForm();
    const user = await enterCard('4000 0000 0000 0002');
    await user.click(submit());

    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(submit());
    expect(await screen.findByText('Payment confirmed. Welcome to premium!')).toBeInTheDocument();
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('leaves for authentication only when the provider asks, to come back here with ssid', async () => {
    const leave = vi.spyOn(providerRedirect, 'open').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    const { onComplete } = renderForm({}, '/pay?pid=x&redirect_status=failed');
    const user = await enterCard('4000 0025 0000 3155');
    await user.click(submit());

    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_AUTHENTICATE_URL));
    const returnUrl = new URL(
      (server.calls('POST /local-pay/api/confirm')[0]?.body as { returnUrl: string } | undefined)
        ?.returnUrl ?? '',
    );
    expect(returnUrl.pathname).toBe('/pay');
    expect(returnUrl.searchParams.get('ssid')).toBe(FAKE_SUBSCRIPTION_ID);
    expect(returnUrl.searchParams.get('pid')).toBe('x');
    expect(returnUrl.searchParams.has('redirect_status')).toBe(false);
    expect(submit()).toHaveAttribute('aria-busy', 'true');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('moves the focus on to the card number when Purchase shows the card', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderForm();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Purchase' }));
    expect(screen.getByLabelText('Card number')).toHaveFocus();
  });

  it('completes once on coming back from a successful authentication, and forgets the return', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server, { hasActiveSubscription: true });
    const { onComplete, router } = renderForm(
      {},
      `/pay?pid=x&ssid=${FAKE_SUBSCRIPTION_ID}&payment_intent=pi_1&redirect_status=succeeded`,
    );

    expect(await screen.findByText('Payment confirmed. Welcome to premium!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?pid=x&ssid=${FAKE_SUBSCRIPTION_ID}`));
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(messages.alreadyPremium)).not.toBeInTheDocument();
  });

  it('says so when authentication failed, and offers the card again', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    const { onComplete } = renderForm({}, `/pay?ssid=${FAKE_SUBSCRIPTION_ID}&redirect_status=failed`);

    expect(await screen.findByText(messages.authenticationFailed)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeEnabled();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('shows "An unexpected error occurred" when the subscription cannot be created', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    server.route('POST /api/getStripeSubscriptionIntent', () => ({
      status: 500,
      body: { success: false, code: 'INTERNAL', error: 'boom' },
    }));
    renderForm();
    const user = await enterCard('4242424242424242');
    await user.click(submit());

    expect(await screen.findByText(messages.paymentUnexpected)).toBeInTheDocument();
    expect(server.calls('POST /local-pay/api/confirm')).toHaveLength(0);
  });

  it('shows "An unexpected error occurred" when confirming fails unexpectedly', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    server.route('POST /local-pay/api/confirm', () => ({ status: 500, body: {} }));
    renderForm();
    const user = await enterCard('4242424242424242');
    await user.click(submit());

    expect(await screen.findByText(messages.paymentUnexpected)).toBeInTheDocument();
  });

  it('says "missing user" to someone signed out', async () => {
    installFakeServer({ signedIn: false });
    renderForm();
    expect(await screen.findByText(messages.missingUser)).toHaveAttribute('role', 'alert');
  });

  it('says an unexpected error occurred without a price', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderForm({ priceId: null });
    expect(await screen.findByText(messages.paymentSetupUnexpected)).toHaveAttribute('role', 'alert');
  });

  it('says an unexpected error occurred when it cannot load what it needs', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    server.route('POST /api/getStripeCustomer', () => ({
      status: 500,
      body: { success: false, code: 'INTERNAL', error: 'boom' },
    }));
    renderForm();
    expect(
      await screen.findByText(messages.paymentSetupUnexpected, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  }, 15_000);

  it('tells a premium person "already premium" and completes, where a second purchase is not allowed', async () => {
    const server = installFakeServer({
      signedIn: true,
      subscription: subscriptionState('noCardTrial', { days: 5 }),
    });
    installFakePayments(server);
    const { onComplete } = renderForm({ allowSecondPurchase: false });

    expect(await screen.findByText(messages.alreadyPremium)).toHaveAttribute('role', 'status');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();
  });

  it('lets a premium person buy where a second purchase is allowed', async () => {
    const server = installFakeServer({
      signedIn: true,
      subscription: subscriptionState('noCardTrial', { days: 5 }),
    });
    installFakePayments(server);
    const { onComplete } = renderForm({ allowSecondPurchase: true });

    expect(await screen.findByRole('button', { name: 'Purchase' })).toBeEnabled();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('never sells a second web subscription, wherever it is', async () => {
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    installFakePayments(server, { hasActiveSubscription: true });
    const { onComplete } = renderForm({ allowSecondPurchase: true });

    expect(await screen.findByText(messages.alreadyPremium)).toHaveAttribute('role', 'status');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('turns a purchase made meanwhile elsewhere (409) into "already premium"', async () => {
    const server = installFakeServer({ signedIn: true });
    const payments = installFakePayments(server);
    const { onComplete } = renderForm();
    const user = await enterCard('4242424242424242');
    payments.active = true;
    await user.click(submit());

    expect(await screen.findByText(messages.alreadyPremium)).toHaveAttribute('role', 'status');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(server.calls('POST /local-pay/api/confirm')).toHaveLength(0);
  });

  it('believes the server when it refuses premium it knows of (a store purchase, a gift): "already premium"', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    server.route('POST /api/getStripeSubscriptionIntent', () => ({
      status: 409,
      body: { success: false, code: 'CONFLICT', error: messages.alreadySubscribed },
    }));
    const { onComplete } = renderForm();
    const user = await enterCard('4242424242424242');
    await user.click(submit());

    expect(await screen.findByText(messages.alreadyPremium)).toHaveAttribute('role', 'status');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('alreadyPremium');
  });

  it("asks for a trial's days when the page offers a trial", async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderForm({ trialDays: 7, submitLabel: 'Start trial', revealLabel: 'Start trial' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start trial' }));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiration date'), '1234');
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Start trial' }));

    await screen.findByText('Payment confirmed. Welcome to premium!');
    expect(server.calls('POST /api/getStripeSubscriptionIntent')[0]?.body).toMatchObject({ numTrialDays: 7 });
    expect(
      (server.calls('POST /local-pay/api/confirm')[0]?.body as { clientSecret?: string } | undefined)
        ?.clientSecret,
    ).toMatch(/^seti_/);
  });
});
