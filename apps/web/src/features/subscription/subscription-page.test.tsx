import { DAY_MS, PREMIUM_FEATURES, TERMS_VERSION } from '@stillpoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingPortal } from '../../lib/subscription/billing-portal';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import {
  FAKE_CHECKOUT_URL,
  FAKE_PAYMENT_CONFIG,
  MINUTE_MS,
  serverClock,
  subscriptionState,
} from '../../test/subscriptions';
import { MANAGE_FAILED_MESSAGE, NOWHERE_TO_MANAGE_MESSAGE } from './use-manage-subscription';
import { CONFIRM_ATTEMPTS, CONFIRM_INTERVAL_MS } from './use-purchase-confirmation';

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const prices = FAKE_PAYMENT_CONFIG.prices;
const pageReady = () => screen.findByRole('heading', { level: 1, name: 'Subscription' }, { timeout: 5000 });
const badge = () => within(screen.getByRole('banner')).queryByTestId('subscription-badge');

/** Stands in for leaving the page: a test page cannot go to another site. */
const watchCheckout = () => vi.spyOn(hostedCheckout, 'open').mockImplementation(() => undefined);
const watchPortal = () => vi.spyOn(billingPortal, 'open').mockImplementation(() => undefined);

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/subscription'));

describe('with a subscription', () => {
  it("shows the plan's name, info and detailed info, and a button to manage it", async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('pro', { isSandbox: true }) });
    renderRoute('/subscription');
    await pageReady();

    const plan = screen.getByRole('region', { name: 'sandbox premium yearly' });
    expect(within(plan).getByText(/^Your plan renews on /)).toBeInTheDocument();
    expect(within(plan).getByText('Paid with Visa ending in 4242.')).toBeInTheDocument();
    // A button, not a link to the cached url: portal sessions are short-lived.
    expect(within(plan).getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
    expect(within(plan).queryByRole('link', { name: /Manage/ })).not.toBeInTheDocument();
    // A paying subscriber is offered nothing to buy.
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(screen.queryByText("You don't have an active subscription")).not.toBeInTheDocument();
  });

  it('has no manage button when there is nowhere to manage it', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('lifetime') });
    renderRoute('/subscription');
    await pageReady();

    const plan = screen.getByRole('region', { name: 'premium lifetime' });
    expect(within(plan).getByText('You have premium for life.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it('offers the plan that follows the no-card trial', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('noCardTrial', { days: 4 }) });
    renderRoute('/subscription');
    await pageReady();

    expect(screen.getByRole('region', { name: /^Free trial, ends / })).toHaveTextContent(
      'A free trial, no card needed.',
    );
    expect(screen.getByRole('region', { name: 'Keep Premium after your trial' })).toBeInTheDocument();
    const upgrade = screen.getByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());
  });

  it('offers to renew a plan that has ended', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    renderRoute('/subscription');
    await pageReady();

    expect(screen.getByRole('region', { name: 'premium monthly' })).toHaveTextContent(/expired on/);
    expect(screen.getByRole('region', { name: 'Renew premium' })).toBeInTheDocument();
  });

  it('offers nothing to buy during a trial with a card: the plan follows it by itself', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('cardTrial', { days: 5 }) });
    renderRoute('/subscription');
    await pageReady();

    expect(screen.getByRole('region', { name: 'premium yearly' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  // The server's flags decide whether the upgrade card shows; this page's clock may be off.
  it("offers nothing to buy while the server grants the plan, though this page's fast clock is past its end", async () => {
    installFakeServer({
      signedIn: true,
      subscription: subscriptionState('pro', { days: MINUTE_MS / DAY_MS, now: serverClock(-2 * MINUTE_MS) }),
    });
    renderRoute('/subscription');
    await pageReady();

    expect(screen.getByRole('region', { name: 'premium yearly' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Renew premium' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it("offers to renew when the server says the plan has ended, though this page's slow clock is before its end", async () => {
    installFakeServer({
      signedIn: true,
      subscription: subscriptionState('expired', {
        days: -MINUTE_MS / DAY_MS,
        now: serverClock(2 * MINUTE_MS),
      }),
    });
    renderRoute('/subscription');
    await pageReady();

    expect(screen.getByRole('region', { name: 'Renew premium' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });
});

describe('after a failed payment (past due)', () => {
  it('says payment failed everywhere and offers only "Update your card", nothing to buy', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('paymentFailed', { days: 12 }) });
    renderRoute('/subscription');
    await pageReady();

    const plan = screen.getByRole('region', { name: 'premium monthly' });
    // The plan's badge and the notice under it.
    expect(within(plan).getAllByText('Payment failed')).toHaveLength(2);
    expect(
      within(plan).getByText(
        /^Your last payment did not go through\. Premium stays on while it is tried again, until .+\.$/,
      ),
    ).toBeInTheDocument();
    expect(
      within(plan).getByText('The charge to Visa ending in 4242 failed. Update your card to keep premium.'),
    ).toBeInTheDocument();
    expect(badge()).toHaveTextContent('Payment failed');
    expect(within(plan).getByRole('button', { name: 'Update your card' })).toBeEnabled();

    // Premium is still on: neither a renewal nor an upgrade is offered, and nothing says it expired.
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Renew premium' })).not.toBeInTheDocument();
    expect(screen.queryByText(/expired/)).not.toBeInTheDocument();
  });

  it('"Update your card" asks the server again and leaves for the card update it opens', async () => {
    const user = userEvent.setup();
    const leave = watchPortal();
    const cardPage = 'https://billing.example.test/portal/session-2/card';
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('paymentFailed') });
    renderRoute('/subscription');
    await pageReady();

    server.route('GET /api/getSubscriptionState', () => ({
      body: { success: true, data: subscriptionState('paymentFailed', { managementUrl: cardPage }) },
    }));
    await user.click(screen.getByRole('button', { name: 'Update your card' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(cardPage));
    expect(leave).toHaveBeenCalledTimes(1);
  });
});

describe('Manage subscription', () => {
  const portal = (session: number) => `https://billing.example.test/portal/session-${session}`;

  /** A server that opens a new portal session each time it is asked for the plan. */
  function portalServer() {
    const server = installFakeServer({ signedIn: true });
    let sessions = 0;
    server.route('GET /api/getSubscriptionState', () => {
      sessions += 1;
      return { body: { success: true, data: subscriptionState('pro', { managementUrl: portal(sessions) }) } };
    });
    return server;
  }

  it('asks the server again when pressed and leaves for the fresh portal session, busy meanwhile', async () => {
    const user = userEvent.setup();
    const leave = watchPortal();
    const server = portalServer();
    renderRoute('/subscription');
    await pageReady();
    const manage = screen.getByRole('button', { name: 'Manage subscription' });

    let answer: () => void = () => undefined;
    server.route(
      'GET /api/getSubscriptionState',
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              body: { success: true, data: subscriptionState('pro', { managementUrl: portal(2) }) },
            });
        }),
    );
    await user.click(manage);
    expect(manage).toHaveAttribute('aria-busy', 'true');
    expect(manage).toBeDisabled();
    expect(leave).not.toHaveBeenCalled();

    act(() => answer());
    await waitFor(() => expect(leave).toHaveBeenCalledWith(portal(2)));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(2);
    // On its way out: still busy, so it cannot be pressed twice.
    expect(manage).toHaveAttribute('aria-busy', 'true');

    // Back from the portal through the back/forward cache: offered again, not stuck busy.
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    await waitFor(() => expect(manage).toBeEnabled());
    expect(manage).not.toHaveAttribute('aria-busy');
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    const leave = watchPortal();
    portalServer();
    renderRoute('/subscription');
    await pageReady();

    const manage = screen.getByRole('button', { name: 'Manage subscription' });
    manage.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(leave).toHaveBeenCalledWith(portal(2)));
  });

  it('says so in an error toast when the plan cannot be fetched, and stays', async () => {
    const user = userEvent.setup();
    const leave = watchPortal();
    const server = portalServer();
    renderRoute('/subscription');
    await pageReady();

    server.route('GET /api/getSubscriptionState', () => ({
      status: 403,
      body: { success: false, code: 'FORBIDDEN', error: 'Not allowed to read that.' },
    }));
    const manage = screen.getByRole('button', { name: 'Manage subscription' });
    await user.click(manage);

    const message = await screen.findByText(MANAGE_FAILED_MESSAGE);
    expect(message.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    expect(leave).not.toHaveBeenCalled();
    // The plan stays on the page, and the button can be pressed again.
    expect(screen.getByRole('region', { name: 'premium yearly' })).toBeInTheDocument();
    await waitFor(() => expect(manage).toBeEnabled());
    expect(manage).not.toHaveAttribute('aria-busy');
  });

  it('says so when there is nowhere to manage the plan any more, and offers nothing', async () => {
    const user = userEvent.setup();
    const leave = watchPortal();
    const server = portalServer();
    renderRoute('/subscription');
    await pageReady();

    // Say the portal cannot be opened right now: the server answers without a management url.
    server.route('GET /api/getSubscriptionState', () => ({
      body: { success: true, data: subscriptionState('pro', { managementUrl: null }) },
    }));
    await user.click(screen.getByRole('button', { name: 'Manage subscription' }));

    expect(await screen.findByText(NOWHERE_TO_MANAGE_MESSAGE)).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });
});

describe('back from checkout (stripe_success)', () => {
  it('thanks the person and asks again until the plan the webhook grants shows', async () => {
    const server = installFakeServer({ signedIn: true });
    // The webhook lands after the redirect: the first answers still have no plan.
    let asked = 0;
    server.route('GET /api/getSubscriptionState', () => {
      asked += 1;
      const data = asked >= 2 ? subscriptionState('cardTrial', { days: 7 }) : null;
      // What the server has recorded: the confirmation's summary follows the same plan.
      server.state.subscription = data;
      return { body: { success: true, data } };
    });
    renderRoute('/subscription?stripe_success=true');
    await pageReady();

    expect(screen.getByText('Thanks for starting your subscription!')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Confirming your purchase' })).toBeInTheDocument();
    // While the purchase is on its way there is nothing to buy, and no "no subscription".
    expect(screen.queryByText("You don't have an active subscription")).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();

    expect(
      await screen.findByRole('region', { name: 'premium yearly' }, { timeout: CONFIRM_INTERVAL_MS + 3000 }),
    ).toBeInTheDocument();
    expect(badge()).toHaveTextContent('Trial 7 days left');
    // Then the confirmation, from what the server recorded: the trial's end, the first charge, how to cancel.
    const confirmation = await screen.findByRole('region', { name: 'Your Premium trial has started' });
    expect(within(confirmation).getByText('Free trial ends')).toBeInTheDocument();
    expect(within(confirmation).getByText(/^\$49\.99 on .+, then every year$/)).toBeInTheDocument();
    expect(
      within(confirmation).getByText(/^Open Manage subscription on your Subscription page/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Confirming your purchase' })).not.toBeInTheDocument();
    expect(screen.getByText('Thanks for starting your subscription!')).toBeInTheDocument();
  });

  it(`stops asking after ${CONFIRM_ATTEMPTS} more tries and says the plan may take a minute`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeServer({ signedIn: true });
    renderRoute('/subscription?stripe_success=true');
    await pageReady();

    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_INTERVAL_MS * (CONFIRM_ATTEMPTS + 5)));
    expect(await screen.findByText(/can take a minute to show up/)).toBeInTheDocument();
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(1 + CONFIRM_ATTEMPTS);
    // Then it is the page for someone without a plan again.
    expect(screen.getByText("You don't have an active subscription")).toBeInTheDocument();
  });

  it('asks nothing more when the plan is already there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    renderRoute('/subscription?stripe_success=true');
    await pageReady();

    expect(screen.getByText('Thanks for starting your subscription!')).toBeInTheDocument();
    // Past the first time it would ask again.
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_INTERVAL_MS));
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(1);
  });
});

describe('without a subscription', () => {
  it('prices the annual/monthly toggle from getStripePrice, annual as a monthly figure', async () => {
    const user = userEvent.setup();
    const server = installFakeServer({ signedIn: true });
    // Amounts other than SPEC's, so the page can only show them by reading the server.
    server.route('GET /api/getStripePrice', ({ search }) => ({
      body: {
        success: true,
        data: { unit_amount: search.get('priceId') === prices.annual ? 6000 : 1000, currency: 'usd' },
      },
    }));
    renderRoute('/subscription');
    await pageReady();

    expect(screen.getByText("You don't have an active subscription")).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Go premium' });
    const toggle = within(card).getByRole('group', { name: 'Choose how to pay' });
    const annual = within(toggle).getByRole('radio', { name: 'Annual' });
    const monthly = within(toggle).getByRole('radio', { name: 'Monthly' });
    expect(annual).toBeChecked();
    await waitFor(() =>
      expect(annual).toHaveAccessibleDescription('Save 50% $5.00/mo, billed yearly at $60.00'),
    );
    expect(monthly).toHaveAccessibleDescription('$10.00/mo');
    // True whether or not checkout starts with free days: the server decides that.
    expect(within(card).getByText('Billed yearly at $60.00. Cancel anytime.')).toBeInTheDocument();
    expect(within(card).queryByText(/today, then/)).not.toBeInTheDocument();

    await user.click(monthly);
    expect(monthly).toBeChecked();
    expect(annual).not.toBeChecked();
    expect(within(card).getByText('Billed monthly at $10.00. Cancel anytime.')).toBeInTheDocument();
  });

  it("shows SPEC's plans as $4.17/mo billed yearly at $49.99, or $6.99/mo, and lists what premium gives", async () => {
    installFakeServer({ signedIn: true });
    renderRoute('/subscription');
    await pageReady();

    const card = screen.getByRole('region', { name: 'Go premium' });
    expect(await within(card).findByText('$4.17/mo, billed yearly at $49.99')).toBeInTheDocument();
    expect(within(card).getByText('$6.99/mo')).toBeInTheDocument();
    expect(within(card).getByText('Save 40%')).toBeInTheDocument();
    expect(within(card).getByText('Billed yearly at $49.99. Cancel anytime.')).toBeInTheDocument();
    // Core's list, in its order; each line true of the product today.
    const features = within(card).getByRole('list', { name: 'What you get' });
    const items = within(features).getAllByRole('listitem');
    expect(items).toHaveLength(PREMIUM_FEATURES.length);
    for (const [index, { title, description }] of PREMIUM_FEATURES.entries()) {
      expect(items[index]).toHaveTextContent(`${title}${description}`);
    }
    expect(features).toHaveTextContent('Feed blocking on 6 sites');
    expect(features).toHaveTextContent('Facebook, YouTube, Twitter / X, LinkedIn, Instagram, and Reddit');
    // Free accounts intercept as many sites as they like: nothing to promise there.
    expect(features).not.toHaveTextContent(/unlimited/i);
  });

  it('upgrade goes to the checkout the server makes for the chosen price, busy meanwhile', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = installFakeServer({ signedIn: true });
    renderRoute('/subscription');
    await pageReady();

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    const upgrade = screen.getByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());
    await user.click(upgrade);

    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    const [request] = server.calls('GET /api/createStripeCheckoutSessionForSubscription');
    expect(Object.fromEntries(request?.search ?? [])).toEqual({
      priceId: prices.monthly,
      cancelPath: '/subscription',
      successPath: '/subscription?stripe_success=true',
      termsVersion: TERMS_VERSION,
    });
    // No skipTrial: whether checkout starts with the 7 free days is the server's decision.
    expect(request?.search.has('skipTrial')).toBe(false);
    // The browser is on its way out: the button stays busy and cannot be pressed again.
    expect(upgrade).toHaveAttribute('aria-busy', 'true');
    expect(upgrade).toBeDisabled();
  });

  it('is busy while the checkout is being made', async () => {
    const user = userEvent.setup();
    watchCheckout();
    const server = installFakeServer({ signedIn: true });
    let answer: () => void = () => undefined;
    server.route(
      'GET /api/createStripeCheckoutSessionForSubscription',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { success: true, data: { url: FAKE_CHECKOUT_URL } } });
        }),
    );
    renderRoute('/subscription');
    await pageReady();
    const upgrade = await screen.findByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());

    await user.click(upgrade);
    expect(upgrade).toHaveAttribute('aria-busy', 'true');
    await user.click(upgrade);
    act(() => answer());
    await waitFor(() => expect(hostedCheckout.open).toHaveBeenCalledTimes(1));
    expect(server.calls('GET /api/createStripeCheckoutSessionForSubscription')).toHaveLength(1);
  });

  it('says so when the person already has an active subscription (409), and shows it', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = installFakeServer({ signedIn: true });
    renderRoute('/subscription');
    await pageReady();
    const upgrade = await screen.findByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());

    // Bought meanwhile, say on the phone: this page has not heard yet, the server has.
    server.state.subscription = subscriptionState('pro');
    await user.click(upgrade);

    expect(await screen.findByText(/You already have an active subscription/)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'premium yearly' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows the generic error toast when checkout cannot be made, and stays', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = installFakeServer({ signedIn: true });
    server.route('GET /api/createStripeCheckoutSessionForSubscription', () => ({
      status: 503,
      body: { success: false, code: 'UNAVAILABLE', error: 'The payment provider is not answering.' },
    }));
    renderRoute('/subscription');
    await pageReady();
    const upgrade = await screen.findByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());

    await user.click(upgrade);

    expect(await screen.findByText('Something broke, sorry')).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
    expect(upgrade).toBeEnabled();
    expect(upgrade).not.toHaveAttribute('aria-busy');
  });

  it('keeps upgrade off until the prices are known, and offers a retry when they fail', async () => {
    const user = userEvent.setup();
    const server = installFakeServer({ signedIn: true });
    server.route('GET /api/getPaymentConfig', () => ({
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', error: 'Payments are not configured.' },
    }));
    renderRoute('/subscription');
    await pageReady();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the prices.");
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeDisabled();

    server.route('GET /api/getPaymentConfig', () => ({ body: { success: true, data: FAKE_PAYMENT_CONFIG } }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$4.17/mo, billed yearly at $49.99')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  });
});
