import { messages } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentLoad } from '../../app/payment-page-load';
import { FAKE_DEEP_LINK_URL, installFakePayments } from '../../test/fake-payments';
import { FAKE_APP_LINKS, installFakeServer, TEST_USER } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { FAKE_PAYMENT_CONFIG, subscriptionState } from '../../test/subscriptions';
import { storeRedirect } from './store-redirect';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

beforeAll(() => preloadRoutes('/webcheckout'));

// As if the document had been loaded at /webcheckout, as a browser does when the page is opened.
const stayOnPage = () => vi.spyOn(documentLoad, 'path').mockReturnValue('/webcheckout');

async function payWith(number: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Purchase' }));
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiration date'), '1234');
  await user.type(screen.getByLabelText('Security code'), '123');
  await user.click(screen.getByRole('button', { name: 'Start subscription' }));
}

describe('/webcheckout', () => {
  it('is opened as a page of its own, never by navigating inside the app', async () => {
    const open = vi.spyOn(documentLoad, 'open').mockImplementation(() => undefined);
    installFakeServer({ signedIn: true });
    const { router } = renderRoute('/signin');
    void router.navigate('/webcheckout?pid=x');
    await waitFor(() => expect(open).toHaveBeenCalledWith('/webcheckout?pid=x'));
  });

  it('asks a visitor to sign in, with the methods the link suggests', async () => {
    stayOnPage();
    installFakeServer({ signedIn: false });
    renderRoute('/webcheckout?suggestedAuthMethods=GOOGLE');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please sign in to continue checkout' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
  });

  it('asks a new visitor to sign in at once, while the session is being checked', async () => {
    stayOnPage();
    const server = installFakeServer({ signedIn: false });
    server.route('GET /api/auth/get-session', () => new Promise(() => undefined));
    renderRoute('/webcheckout');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please sign in to continue checkout' }),
    ).toBeInTheDocument();
  });

  it('signs in on the page and goes on to the payment form', async () => {
    stayOnPage();
    const server = installFakeServer({ signedIn: false });
    installFakePayments(server);
    const { router } = renderRoute('/webcheckout');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '5555550100');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Live distraction free' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Block unlimited apps and get advanced insights about your screen time.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('$4.17/mo billed yearly at $49.99/yr')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Purchase' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/webcheckout');
  });

  it('pays, counts down five seconds and goes to the deep link', async () => {
    stayOnPage();
    const open = vi.spyOn(storeRedirect, 'open').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderRoute('/webcheckout');
    await payWith('4242 4242 4242 4242');

    expect(await screen.findByText('Sending you to the app store...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to premium' })).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => expect(open).toHaveBeenCalledWith(FAKE_DEEP_LINK_URL), { timeout: 7000 });
    expect(open).toHaveBeenCalledTimes(1);
    expect(server.calls('POST /api/createDeepLink')[0]?.body).toEqual({
      desktopUrl: `${window.location.origin}/`,
      iosUrl: FAKE_APP_LINKS.appStoreUrl,
    });
  }, 15_000);

  it('confirms the purchase from what the server recorded: paid today, and how to cancel', async () => {
    stayOnPage();
    vi.spyOn(storeRedirect, 'open').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    // The provider's event has arrived once the form says it went through.
    const paid = subscriptionState('pro');
    server.route('POST /local-pay/api/confirm', () => {
      server.state.subscription = paid;
      return { body: { status: 'succeeded' } };
    });
    renderRoute('/webcheckout');
    await payWith('4242 4242 4242 4242');

    const confirmation = await screen.findByRole('region', { name: 'Thank you for going Premium' });
    expect(within(confirmation).getByText('Stillpoint Premium, billed yearly at $49.99')).toBeInTheDocument();
    expect(within(confirmation).getByText(/^\$49\.99 on .+$/)).toBeInTheDocument();
    expect(
      within(confirmation).getByText(/cancel anytime: Premium stays until the paid period ends\.$/),
    ).toBeInTheDocument();
    expect(screen.getByText('Sending you to the app store...')).toBeInTheDocument();
  });

  it('waits for the deep link when it is not ready after the countdown', async () => {
    stayOnPage();
    const open = vi.spyOn(storeRedirect, 'open').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    let release: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.route('POST /api/createDeepLink', async () => {
      await ready;
      return {
        body: {
          success: true,
          data: {
            code: 'Late12345',
            url: 'http://localhost:3000/l/Late12345',
            desktopUrl: 'x',
            iosUrl: 'y',
            suggestedAuthMethod: 'PHONE_NUMBER',
          },
        },
      };
    });
    renderRoute('/webcheckout');
    await payWith('4242424242424242');

    expect(
      await screen.findByRole('status', { name: 'Getting your link ready' }, { timeout: 7000 }),
    ).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost:3000/l/Late12345'));
  }, 15_000);

  it('sends someone with a web subscription on to the app, as there is nothing to buy', async () => {
    stayOnPage();
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    installFakePayments(server, { hasActiveSubscription: true });
    renderRoute('/webcheckout');

    expect(await screen.findByText('Sending you to the app store...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'You already have premium' })).toHaveFocus();
    expect(screen.getByText(/^There is nothing to buy/)).toBeInTheDocument();
  });

  it('goes to the store page of this device when the deep link cannot be made', async () => {
    stayOnPage();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    const open = vi.spyOn(storeRedirect, 'open').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    installFakePayments(server, { hasActiveSubscription: true });
    server.route('POST /api/createDeepLink', () => ({
      status: 500,
      body: { success: false, code: 'INTERNAL', error: 'boom' },
    }));
    renderRoute('/webcheckout');

    expect(
      await screen.findByText(/could not make your personal download link/, {}, { timeout: 7000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(open).toHaveBeenCalledWith(FAKE_APP_LINKS.appStoreUrl), { timeout: 7000 });
  }, 15_000);

  it('explains a Google or Apple sign-in that came back with an error', async () => {
    stayOnPage();
    installFakeServer({ signedIn: false });
    renderRoute('/webcheckout?error=access_denied');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please sign in to continue checkout' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((alert) => (alert.textContent ?? '').trim() !== '')).toBe(
        true,
      ),
    );
  });

  it('lets someone with premium from elsewhere buy here (SPEC §6)', async () => {
    stayOnPage();
    const server = installFakeServer({
      signedIn: true,
      subscription: subscriptionState('noCardTrial', { days: 3 }),
    });
    installFakePayments(server);
    renderRoute('/webcheckout');

    expect(await screen.findByRole('button', { name: 'Purchase' })).toBeEnabled();
    expect(screen.queryByText(messages.alreadyPremium)).not.toBeInTheDocument();
  });

  it('buys the price the link names', async () => {
    stayOnPage();
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderRoute(`/webcheckout?pid=${FAKE_PAYMENT_CONFIG.prices.monthly}`);

    expect(await screen.findByText('$6.99/mo billed monthly')).toBeInTheDocument();
    await payWith('4242424242424242');
    await screen.findByText('Sending you to the app store...');
    expect(server.calls('POST /api/getStripeSubscriptionIntent')[0]?.body).toMatchObject({
      priceId: FAKE_PAYMENT_CONFIG.prices.monthly,
    });
  });

  it("refuses a price that is not this environment's", async () => {
    stayOnPage();
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderRoute('/webcheckout?pid=price_live_annual');

    expect(await screen.findByText(/This plan is not available/)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();
  });

  it('offers a win-back price only to someone whose paid plan has lapsed', async () => {
    stayOnPage();
    const winBack = `/webcheckout?pid=${FAKE_PAYMENT_CONFIG.prices.annualWinback25Dollars}`;
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    installFakePayments(server);
    renderRoute(winBack);
    expect(await screen.findByRole('button', { name: 'Purchase' })).toBeEnabled();
    expect(screen.queryByText(messages.winBackNotOffered)).not.toBeInTheDocument();
  });

  it.each([
    ['a new person', null],
    ['someone on the no-card trial', subscriptionState('noCardTrial', { days: 3 })],
    ['someone whose card trial ended unpaid', subscriptionState('cardTrial', { days: -2 })],
  ])('tells %s that the win-back price is not theirs, before any card', async (_case, subscription) => {
    stayOnPage();
    const server = installFakeServer({ signedIn: true, subscription });
    installFakePayments(server);
    renderRoute(`/webcheckout?pid=${FAKE_PAYMENT_CONFIG.prices.annualWinback35Dollars}`);

    expect(await screen.findByText(messages.winBackNotOffered)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();
    // Not a dead end: the yearly plan is one tap away, on the same checkout.
    await userEvent.click(screen.getByRole('link', { name: 'See the yearly plan' }));
    expect(await screen.findByRole('button', { name: 'Purchase' })).toBeEnabled();
    expect(screen.queryByText(messages.winBackNotOffered)).not.toBeInTheDocument();
  });

  it("refuses a checkout made for someone else's account", async () => {
    stayOnPage();
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderRoute('/webcheckout?uid=someone-else');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This checkout is for another account' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("takes the person's own uid", async () => {
    stayOnPage();
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderRoute(`/webcheckout?uid=${TEST_USER.uid}`);
    expect(await screen.findByRole('button', { name: 'Purchase' })).toBeEnabled();
  });
});
