import { DAY_MS } from '@stillpoint/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDashboardServer, makeSite } from '../../test/dashboard-server';
import { installFakeExtension } from '../../test/fake-extension';
import { type FakeResponse, TEST_USER } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { MINUTE_MS, serverClock, subscriptionState } from '../../test/subscriptions';
import { SIGN_IN_FACTS_WAIT_MS } from './use-redirect-after-sign-in';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The extension, installed and signed in as this person. */
const installExtension = () =>
  installFakeExtension((message) =>
    message.type === 'PULSE_CHECK'
      ? { status: 'success', version: '1.0.0', signedIn: true, userId: TEST_USER.uid }
      : { status: 'success' },
  );

/** Someone premium with the extension, browser settings and a custom site: fully set up. */
function setUpPerson(overrides: Parameters<typeof installDashboardServer>[0] = {}) {
  return installDashboardServer({
    signedIn: false,
    subscription: subscriptionState('pro'),
    sites: [makeSite({ siteOrigin: 'https://reddit.com' })],
    ...overrides,
  });
}

async function signInByPhone(user = userEvent.setup()) {
  await user.type(await screen.findByLabelText('Phone number', undefined, { timeout: 5000 }), '2133734253');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText('Confirmation code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

const landsOn = async (router: { state: { location: { pathname: string } } }, path: string, timeout = 5000) =>
  waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout });

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/signin', '/', '/onboarding', '/subscription'));

describe('where sign-in leads', () => {
  it('goes home for someone fully set up', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    installExtension();
    setUpPerson();
    const { router } = renderRoute('/signin');

    await signInByPhone();

    await landsOn(router, '/');
  });

  it("goes home for someone set up whose plan the server grants, though this page's fast clock is past its end", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    installExtension();
    setUpPerson({
      subscription: subscriptionState('pro', { days: MINUTE_MS / DAY_MS, now: serverClock(-2 * MINUTE_MS) }),
    });
    const { router } = renderRoute('/signin');

    await signInByPhone();

    await landsOn(router, '/');
  });

  const notSetUp: [string, Parameters<typeof setUpPerson>[0]][] = [
    ['not premium', { subscription: null }],
    ['premium no longer in force', { subscription: subscriptionState('expired') }],
    [
      "premium the server says has ended, though this page's slow clock is before the end",
      {
        subscription: subscriptionState('expired', {
          days: -MINUTE_MS / DAY_MS,
          now: serverClock(2 * MINUTE_MS),
        }),
      },
    ],
    ['without browser settings', { settings: null }],
    ['without custom sites', { sites: [] }],
  ];
  it.each(notSetUp)('goes to onboarding for someone %s', async (_, overrides) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    installExtension();
    setUpPerson(overrides);
    const { router } = renderRoute('/signin');

    await signInByPhone();

    await landsOn(router, '/onboarding');
  });

  it('goes to onboarding for someone without the extension', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    setUpPerson();
    const { router } = renderRoute('/signin');

    await signInByPhone();

    await landsOn(router, '/onboarding');
  });

  it('waits for a fact that is slow to arrive rather than guessing', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    installExtension();
    const server = setUpPerson();
    const plan = subscriptionState('pro');
    let answer: (response: FakeResponse) => void = () => undefined;
    server.route(
      'GET /api/getSubscriptionState',
      () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
    );
    const { router } = renderRoute('/signin');

    await signInByPhone();
    await waitFor(() => expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(1), {
      timeout: 5000,
    });
    // Everything else it asked for has its answer; the plan is still on its way.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(router.state.location.pathname).toBe('/signin');

    act(() => answer({ body: { success: true, data: plan } }));
    await landsOn(router, '/');
  });

  it(`goes on with what it knows after ${SIGN_IN_FACTS_WAIT_MS / 1000} s, counting the unknown as not set up`, async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    installExtension();
    const server = setUpPerson();
    server.route('GET /api/getSubscriptionState', () => new Promise<FakeResponse>(() => undefined));
    // The clock runs as usual, and the test moves it through the wait. A second of margin for the
    // real time that passes between the wait's start and the moves.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderRoute('/signin');

    await signInByPhone(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    // Signed in once the server has been told; the wait starts then.
    await waitFor(() => expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(1), {
      timeout: 5000,
    });
    await act(() => vi.advanceTimersByTimeAsync(SIGN_IN_FACTS_WAIT_MS - 1000));
    expect(router.state.location.pathname).toBe('/signin');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await landsOn(router, '/onboarding');
  });

  it('returns to the remembered page before anything else', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    setUpPerson({ subscription: null });
    const { router } = renderRoute('/subscription?stripe_success=true');
    await landsOn(router, '/signin');

    await signInByPhone();

    await landsOn(router, '/subscription');
    expect(router.state.location.search).toBe('?stripe_success=true');
  });
});
