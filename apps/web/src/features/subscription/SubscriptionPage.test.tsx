import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../../test/fakeServer';
import { preloadRoutes } from '../../test/preloadRoutes';
import { renderRoute } from '../../test/renderRoute';
import {
  FAKE_CHECKOUT_URL,
  FAKE_PAYMENT_CONFIG,
  FAKE_PORTAL_URL,
  subscriptionState,
} from '../../test/subscriptions';
import { hostedCheckout } from './hostedCheckout';
import { CONFIRM_ATTEMPTS, CONFIRM_INTERVAL_MS } from './usePurchaseConfirmation';

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

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/subscription'));

describe('with a subscription', () => {
  it("shows the plan's name, info and detailed info, and manages it at the management url", async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('pro', { isSandbox: true }) });
    renderRoute('/subscription');
    await pageReady();

    const plan = screen.getByRole('region', { name: 'sandbox premium yearly' });
    expect(within(plan).getByText(/^Your plan renews on /)).toBeInTheDocument();
    expect(within(plan).getByText('Paid with Visa ending in 4242.')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      FAKE_PORTAL_URL,
    );
    // A paying subscriber is offered nothing to buy.
    expect(screen.queryByRole('button', { name: 'upgrade' })).not.toBeInTheDocument();
    expect(screen.queryByText("You don't have an active subscription")).not.toBeInTheDocument();
  });

  it('has no manage button when there is nowhere to manage it', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('lifetime') });
    renderRoute('/subscription');
    await pageReady();

    const plan = screen.getByRole('region', { name: 'premium lifetime' });
    expect(within(plan).getByText('You have premium for life.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it('offers the plan that follows the no-card trial', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('noCardTrial', { days: 4 }) });
    renderRoute('/subscription');
    await pageReady();

    expect(screen.getByRole('region', { name: 'premium monthly' })).toHaveTextContent(
      'A free trial, no card needed.',
    );
    expect(screen.getByRole('region', { name: 'Keep Premium after your trial' })).toBeInTheDocument();
    const upgrade = screen.getByRole('button', { name: 'upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());
  });

  it('offers to renew a plan that has ended', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    renderRoute('/subscription');
    await pageReady();

    expect(screen.getByRole('region', { name: 'premium monthly' })).toHaveTextContent(/expired on/);
    expect(screen.getByRole('region', { name: 'Renew Premium' })).toBeInTheDocument();
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
      return { body: { success: true, data } };
    });
    renderRoute('/subscription?stripe_success=true');
    await pageReady();

    expect(screen.getByText('thanks for starting your subscription!')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Confirming your purchase' })).toBeInTheDocument();
    // While the purchase is on its way there is nothing to buy, and no "no subscription".
    expect(screen.queryByText("You don't have an active subscription")).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'upgrade' })).not.toBeInTheDocument();

    expect(
      await screen.findByRole('region', { name: 'premium yearly' }, { timeout: CONFIRM_INTERVAL_MS + 3000 }),
    ).toBeInTheDocument();
    expect(badge()).toHaveTextContent('trial 7 days left');
    expect(screen.queryByRole('status', { name: 'Confirming your purchase' })).not.toBeInTheDocument();
    expect(screen.getByText('thanks for starting your subscription!')).toBeInTheDocument();
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
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    renderRoute('/subscription?stripe_success=true');
    await pageReady();

    expect(screen.getByText('thanks for starting your subscription!')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, CONFIRM_INTERVAL_MS + 200)));
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
    const card = screen.getByRole('region', { name: 'Upgrade to Premium' });
    const toggle = within(card).getByRole('group', { name: 'Choose how to pay' });
    const annual = within(toggle).getByRole('radio', { name: 'Annual' });
    const monthly = within(toggle).getByRole('radio', { name: 'Monthly' });
    expect(annual).toBeChecked();
    await waitFor(() =>
      expect(annual).toHaveAccessibleDescription('Save 50% $5.00/mo, billed yearly at $60.00'),
    );
    expect(monthly).toHaveAccessibleDescription('$10.00/mo');
    expect(within(card).getByText('$60.00 today, then every year. Cancel anytime.')).toBeInTheDocument();

    await user.click(monthly);
    expect(monthly).toBeChecked();
    expect(annual).not.toBeChecked();
    expect(within(card).getByText('$10.00 today, then every month. Cancel anytime.')).toBeInTheDocument();
  });

  it("shows SPEC's plans as $4.17/mo billed yearly at $49.99, or $6.99/mo, and lists what premium gives", async () => {
    installFakeServer({ signedIn: true });
    renderRoute('/subscription');
    await pageReady();

    const card = screen.getByRole('region', { name: 'Upgrade to Premium' });
    expect(await within(card).findByText('$4.17/mo, billed yearly at $49.99')).toBeInTheDocument();
    expect(within(card).getByText('$6.99/mo')).toBeInTheDocument();
    expect(within(card).getByText('Save 40%')).toBeInTheDocument();
    const features = within(card).getByRole('list', { name: 'What you get' });
    const titles = [
      'Unlimited intercepted sites',
      'Feed blocking on 6 sites',
      'Phone-use summary and insights',
      'Daily session budgets',
      'Cancel anytime',
    ];
    const items = within(features).getAllByRole('listitem');
    expect(items).toHaveLength(titles.length);
    for (const [index, title] of titles.entries()) {
      expect(items[index]).toHaveTextContent(new RegExp(`^${title}`));
    }
    expect(features).toHaveTextContent('Facebook, YouTube, Twitter / X, LinkedIn, Instagram, and Reddit');
  });

  it('upgrade goes to the checkout the server makes for the chosen price, busy meanwhile', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = installFakeServer({ signedIn: true });
    renderRoute('/subscription');
    await pageReady();

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    const upgrade = screen.getByRole('button', { name: 'upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());
    await user.click(upgrade);

    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    const [request] = server.calls('GET /api/createStripeCheckoutSessionForSubscription');
    expect(Object.fromEntries(request?.search ?? [])).toEqual({
      priceId: prices.monthly,
      cancelPath: '/subscription',
      successPath: '/subscription?stripe_success=true',
      skipTrial: 'true',
    });
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
    const upgrade = await screen.findByRole('button', { name: 'upgrade' });
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
    const upgrade = await screen.findByRole('button', { name: 'upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());

    // Bought meanwhile, say on the phone: this page has not heard yet, the server has.
    server.state.subscription = subscriptionState('pro');
    await user.click(upgrade);

    expect(await screen.findByText(/You already have an active subscription/)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'premium yearly' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'upgrade' })).not.toBeInTheDocument();
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
    const upgrade = await screen.findByRole('button', { name: 'upgrade' });
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
    expect(screen.getByRole('button', { name: 'upgrade' })).toBeDisabled();

    server.route('GET /api/getPaymentConfig', () => ({ body: { success: true, data: FAKE_PAYMENT_CONFIG } }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$4.17/mo, billed yearly at $49.99')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'upgrade' })).toBeEnabled();
  });
});
