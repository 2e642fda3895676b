import { DAY_MS, TERMS_VERSION } from '@stillpoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDashboardServer } from '../../test/dashboard-server';
import { TEST_USER } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { MINUTE_MS, serverClock, subscriptionState } from '../../test/subscriptions';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const TRIAL_TOAST = 'Congrats on starting your free trial, no card needed!';

const step = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const badge = () => within(screen.getByRole('banner')).queryByTestId('subscription-badge');
/**
 * Lets the page settle, so a call or toast that should not happen has had its chance: the effects
 * of what is drawn run, and every promise they chain (a call waits for its schemas before it goes
 * out) resolves before the next task.
 */
const settle = async () => {
  for (let pass = 0; pass < 3; pass++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
};

afterEach(() => {
  vi.restoreAllMocks();
  toast.dismiss();
});

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/', '/onboarding'));

describe('the free trial in onboarding', () => {
  it('starts once for someone without a plan, says so, and the badge then shows the trial', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const user = userEvent.setup();
    const server = installDashboardServer();
    renderRoute('/onboarding');

    await step('What brings you to Stillpoint?');
    expect(await screen.findByText(TRIAL_TOAST)).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('Trial 7 days left'));

    // The trial that onboarding started does not end onboarding, and is not started again.
    await user.click(screen.getByRole('button', { name: 'find focus' }));
    await step('What would you most like to change?');
    await settle();
    expect(server.calls('POST /api/startFreeTrial')).toHaveLength(1);
    expect(screen.getAllByText(TRIAL_TOAST)).toHaveLength(1);
  });

  it('sends the terms version agreed to at sign-in, and says the trial charges nothing and ends by itself', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const server = installDashboardServer();
    renderRoute('/onboarding');
    await step('What brings you to Stillpoint?');
    await waitFor(() => expect(server.calls('POST /api/startFreeTrial')).toHaveLength(1));
    expect(server.calls('POST /api/startFreeTrial')[0]?.body).toEqual({ termsVersion: TERMS_VERSION });
    expect(
      await screen.findByText(
        /^7 days free, with no card and no charge\. The trial ends by itself on [A-Z][a-z]+ \d{1,2}, \d{4}; nothing renews\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'terms of service' })[0]).toHaveAttribute('href', '/terms');
  });

  it('starts nothing when back from checkout (stripe_success)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const server = installDashboardServer();
    renderRoute('/onboarding?stripe_success=true');

    await step('What brings you to Stillpoint?');
    await settle();
    expect(server.calls('POST /api/startFreeTrial')).toHaveLength(0);
    expect(screen.queryByText(TRIAL_TOAST)).not.toBeInTheDocument();
  });

  it('says nothing when the server refuses, as it does once the trial has been used', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const server = installDashboardServer({ trialUsed: true });
    renderRoute('/onboarding');

    await step('What brings you to Stillpoint?');
    await waitFor(() => expect(server.calls('POST /api/startFreeTrial')).toHaveLength(1));
    await settle();
    expect(screen.queryByText(TRIAL_TOAST)).not.toBeInTheDocument();
    expect(badge()).not.toBeInTheDocument();
  });

  it('does not try for someone whose plan has expired: they have an entitlement', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const server = installDashboardServer({ subscription: subscriptionState('expired') });
    renderRoute('/onboarding');

    // Not premium any more, so onboarding goes ahead.
    await step('What brings you to Stillpoint?');
    await settle();
    expect(server.calls('POST /api/startFreeTrial')).toHaveLength(0);
  });
});

describe('premium people and onboarding', () => {
  it.each([
    ['PRO', subscriptionState('pro')],
    ['on a trial', subscriptionState('noCardTrial', { days: 5 })],
    // The server grants a minute more; this page's fast clock alone would call the trial over.
    [
      'on a trial the server grants, past its end by a fast clock',
      subscriptionState('noCardTrial', { days: MINUTE_MS / DAY_MS, now: serverClock(-2 * MINUTE_MS) }),
    ],
  ])('someone %s skips onboarding and goes home', async (_, subscription) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const server = installDashboardServer({ subscription });
    const { router } = renderRoute('/onboarding');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Good|Hello/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { level: 1, name: 'What brings you to Stillpoint?' }),
    ).not.toBeInTheDocument();
    expect(server.calls('POST /api/startFreeTrial')).toHaveLength(0);
  });

  it("stays for someone whose plan the server says has ended, though this page's slow clock is before the end", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    installDashboardServer({
      subscription: subscriptionState('expired', {
        days: -MINUTE_MS / DAY_MS,
        now: serverClock(2 * MINUTE_MS),
      }),
    });
    const { router } = renderRoute('/onboarding');

    await step('What brings you to Stillpoint?');
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('stays for someone part-way through onboarding in this tab', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    installDashboardServer({ subscription: subscriptionState('noCardTrial') });
    sessionStorage.setItem(
      `stillpoint.onboarding.${TEST_USER.uid}./onboarding`,
      JSON.stringify({ visited: ['ASK_INTENTION', 'ASK_OUTCOME'], intention: 'find calm', outcome: null }),
    );
    const { router } = renderRoute('/onboarding');

    await step('What would you most like to change?');
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('stays for someone who just paid in checkout, to set Stillpoint up', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    installDashboardServer({ subscription: subscriptionState('cardTrial', { days: 7 }) });
    const { router } = renderRoute('/onboarding?stripe_success=true');

    await step('What brings you to Stillpoint?');
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it("stays for a premium person who came from home's Finish setup", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const user = userEvent.setup();
    installDashboardServer({ subscription: subscriptionState('pro'), settings: null });
    const { router } = renderRoute('/');

    await user.click(await screen.findByRole('link', { name: 'Finish setup' }, { timeout: 5000 }));

    await step('What brings you to Stillpoint?');
    expect(router.state.location.pathname).toBe('/onboarding');
  });
});
