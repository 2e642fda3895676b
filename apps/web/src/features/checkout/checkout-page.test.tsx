import {
  DEFAULT_ERROR_MESSAGE,
  messages,
  ONE_SEC_STUDY,
  PREMIUM_FEATURES,
  TERMS_VERSION,
} from '@stillpoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { returnPath } from '../../lib/auth/return-path';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { type FakeResponse, installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { FAKE_CHECKOUT_URL, FAKE_PAYMENT_CONFIG, subscriptionState } from '../../test/subscriptions';
import { ALREADY_SUBSCRIBED_MESSAGE } from './checkout-overlay';

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

beforeAll(() => preloadRoutes('/checkout', '/signin'));

const pageReady = () =>
  screen.findByRole('heading', { level: 1, name: 'Start 7-day free trial' }, { timeout: 5000 });
/** The button, once the price and who is signed in are known. */
async function startButton() {
  const button = screen.getByRole('button', { name: 'Start free trial' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
/** Stands in for leaving the page: a test page cannot go to another site. */
const watchCheckout = () => vi.spyOn(hostedCheckout, 'open').mockImplementation(() => undefined);
const SESSION = 'GET /api/createStripeCheckoutSessionForSubscription';

describe('the checkout page', () => {
  it('offers the annual plan after the free days, what premium includes, figures with their sources and the footer', async () => {
    renderRoute('/checkout');
    await pageReady();

    const plan = screen.getByRole('region', { name: 'Premium, yearly' });
    expect(await within(plan).findByText('7 days free, then $49.99/yr')).toBeInTheDocument();
    expect(within(plan).getByText("That's $4.17/mo, billed yearly. Cancel anytime.")).toBeInTheDocument();
    const features = within(plan).getByRole('list', { name: 'What you get' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(PREMIUM_FEATURES.map((feature) => feature.title));

    // On a server with nothing to back: the study's figures, each linked to it, and no rating.
    // The section's code is a chunk of its own that loads after the heading (BackedFiguresLater).
    const figures = await screen.findByRole('region', { name: 'What the numbers say' }, { timeout: 5000 });
    expect(within(figures).getByText('36%')).toBeInTheDocument();
    expect(within(figures).getAllByRole('link', { name: /Study of the app one sec/ })[0]).toHaveAttribute(
      'href',
      ONE_SEC_STUDY.url,
    );
    expect(within(figures).queryByText(/out of 5/)).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Get the iPhone app/ })).toBeInTheDocument();
  });

  it('offers a signed-out visitor a sign-in that comes back here, query and all', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/checkout?trialEmail=reader%40example.com');
    await pageReady();

    await user.click(screen.getByRole('link', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe('?trialEmail=reader%40example.com');
    expect(returnPath.take()).toBe('/checkout?trialEmail=reader%40example.com');
  });

  it('has no sign-in button for someone signed in', async () => {
    installFakeServer({ signedIn: true });
    renderRoute('/checkout');
    await pageReady();
    await startButton();

    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('says so when the price cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    let fail = true;
    server.route('GET /api/getStripePrice', () =>
      fail
        ? { status: 400, body: { success: false, code: 'BAD_REQUEST', error: 'priceId: unknown' } }
        : { body: { success: true, data: { unit_amount: 4999, currency: 'usd' } } },
    );
    renderRoute('/checkout');
    await pageReady();

    expect(await screen.findByText("We couldn't load the price.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('7 days free, then $49.99/yr')).toBeInTheDocument();
    expect(server.calls('GET /api/getStripePrice').length).toBeGreaterThan(1);
  });
});

describe('Start free trial', () => {
  it('asks a signed-out visitor to sign in, and brings them back to checkout', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = installFakeServer();
    const { router } = renderRoute('/checkout');
    await pageReady();

    await user.click(await startButton());
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to start your trial' });
    await user.click(within(dialog).getByRole('link', { name: 'Sign in to continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(returnPath.take()).toBe('/checkout');
    expect(server.calls(SESSION)).toHaveLength(0);
    expect(leave).not.toHaveBeenCalled();
  });

  it('takes a signed-in person to hosted checkout of the annual plan, busy meanwhile', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = installFakeServer({ signedIn: true });
    renderRoute('/checkout');
    await pageReady();
    const start = await startButton();

    let answer: (response: FakeResponse) => void = () => undefined;
    server.route(SESSION, () => new Promise<FakeResponse>((resolve) => (answer = resolve)));
    await user.click(start);

    const dialog = await screen.findByRole('dialog', { name: 'Starting your free trial' });
    expect(within(dialog).getByRole('status', { name: 'Opening secure checkout' })).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-busy', 'true');
    const [call] = server.calls(SESSION);
    expect(Object.fromEntries(call?.search ?? [])).toEqual({
      priceId: FAKE_PAYMENT_CONFIG.prices.annual,
      cancelPath: '/checkout',
      successPath: '/onboarding?stripe_success=true',
      termsVersion: TERMS_VERSION,
    });
    expect(leave).not.toHaveBeenCalled();

    // The request must have reached the server before it can be answered.
    await waitFor(() => expect(server.calls(SESSION).length).toBeGreaterThan(0));
    act(() => answer({ body: { success: true, data: { url: FAKE_CHECKOUT_URL } } }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    expect(leave).toHaveBeenCalledTimes(1);
    // On its way out: still busy, and the overlay stays.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Starting your free trial' })).toBeInTheDocument();

    // Back from checkout through the back/forward cache: closed and ready again.
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(start).toBeEnabled();
  });

  it('lets someone on the no-card trial buy the plan that follows it', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    installFakeServer({ signedIn: true, subscription: subscriptionState('noCardTrial', { days: 3 }) });
    renderRoute('/checkout');
    await pageReady();

    await user.click(await startButton());

    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
  });

  it('sends someone whose subscription is in force on to onboarding, without a checkout', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    const { router } = renderRoute('/checkout');
    await pageReady();
    // The plan is known before the button is pressed.
    await waitFor(() => expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(1));

    await user.click(await startButton());

    const dialog = await screen.findByRole('dialog', { name: "You're all set" });
    expect(within(dialog).getByText(ALREADY_SUBSCRIBED_MESSAGE)).toBeInTheDocument();
    expect(server.calls(SESSION)).toHaveLength(0);
    await user.click(within(dialog).getByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/checkout'));
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows the existing subscription when checkout answers 409, and reloads the plan', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = installFakeServer({ signedIn: true });
    renderRoute('/checkout');
    await pageReady();
    const start = await startButton();
    await waitFor(() => expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(1));
    server.route(SESSION, () => ({
      status: 409,
      body: { success: false, code: 'CONFLICT', error: messages.alreadySubscribed },
    }));

    await user.click(start);

    const dialog = await screen.findByRole('dialog', { name: "You're all set" });
    expect(within(dialog).getByText(ALREADY_SUBSCRIBED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/onboarding');
    await waitFor(() => expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(2));
    expect(screen.queryByText(DEFAULT_ERROR_MESSAGE)).not.toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('logs any other failure and shows the generic toast; the button tries again', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = installFakeServer({ signedIn: true });
    renderRoute('/checkout');
    await pageReady();
    const start = await startButton();
    server.route(SESSION, () => ({
      status: 500,
      body: { success: false, code: 'INTERNAL', error: 'The payment provider is unavailable.' },
    }));

    await user.click(start);

    expect(await screen.findByText(DEFAULT_ERROR_MESSAGE)).toBeInTheDocument();
    // Closed, so the toast does not cover it, and the page's button is there again.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(server.calls('POST /api/trackAnalyticsEvent').map((event) => event.body)).toContainEqual(
        expect.objectContaining({
          name: 'error',
          properties: expect.objectContaining({
            endpoint: '/createStripeCheckoutSessionForSubscription',
            status: 500,
          }),
        }),
      ),
    );
    expect(leave).not.toHaveBeenCalled();

    server.route(SESSION, () => ({ body: { success: true, data: { url: FAKE_CHECKOUT_URL } } }));
    await user.click(await startButton());
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
  });
});
