import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDashboardServer } from '../../test/dashboardServer';
import { installFakeExtension } from '../../test/fakeExtension';
import { FAKE_APP_LINKS, TEST_USER } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

const step = (name: string | RegExp, timeout = 5000) =>
  screen.findByRole('heading', { level: 1, name }, { timeout });

/** An extension as Chrome would show it; it signs in when handed a token. */
function installExtension({ signedIn = false } = {}) {
  const state = { signedIn };
  const extension = installFakeExtension((message) => {
    if (message.type === 'USER_ACCESS_TOKEN_EXCHANGE') state.signedIn = true;
    return message.type === 'PULSE_CHECK'
      ? {
          status: 'success',
          version: '1.0.0',
          signedIn: state.signedIn,
          userId: state.signedIn ? TEST_USER.uid : null,
        }
      : { status: 'success' };
  });
  return { ...extension, state, messages: () => extension.received.map((entry) => entry.message) };
}

beforeAll(() => import('./OnboardingPage'));

afterEach(() => {
  vi.restoreAllMocks();
  toast.dismiss();
});

describe('onboarding', () => {
  it('takes a new Chrome user from the questions to home, finding the extension when it is installed', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    const user = userEvent.setup();
    const server = installDashboardServer({ settings: null });
    const { router } = renderRoute('/onboarding');

    expect(await step('What brings you to Stillpoint?')).toHaveFocus();
    // 1 of 7: no extension yet, so no pin step; the count grows to 8 once it is installed.
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'aria-valuenow',
      '14',
    );
    expect(screen.getByText('Step 1 of 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'find focus' }));

    await step('What would you most like to change?');
    expect(screen.getByRole('button', { name: 'deeper work' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'a quieter mind' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'deeper work' }));

    await step('How did you hear about Stillpoint?');
    await user.click(await screen.findByRole('button', { name: 'YouTube' }));
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Which kind of video?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'an ad' }));
    await user.click(continueButton);

    await step('Take Stillpoint with you on iPhone');
    expect(server.calls('POST /api/updateOnboardingAnswers').map((call) => call.body)).toEqual([
      {
        onboardingIntention: 'find focus',
        onboardingOutcome: 'deeper work',
        hdyh: 'youtube',
        hdyhDetail: 'an ad',
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));

    await step('Add Stillpoint to Chrome');
    expect(screen.getByRole('link', { name: /Add to Chrome/ })).toHaveAttribute(
      'href',
      'https://chromewebstore.google.com/detail/stillpoint',
    );
    expect(screen.getByRole('status', { name: 'Waiting for the extension' })).toBeInTheDocument();

    // Installed from the store: the 3 s poll finds it and signs it in as this person.
    const extension = installExtension();
    await step('Thanks for adding Stillpoint!', 5000);
    expect(extension.messages()).toContainEqual({
      type: 'USER_ACCESS_TOKEN_EXCHANGE',
      token: 'one-time-token',
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await step('Which feeds should we hide?');
    const youtube = await screen.findByRole('switch', { name: 'Feedblock YouTube' });
    expect(youtube).toBeChecked();
    await user.click(youtube);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await step('Which sites pull you in?');
    expect(server.state.settings).toMatchObject({ youtubeFeedblocking: false, redditFeedblocking: true });
    expect(extension.messages()).toContainEqual({ type: 'CLEAR_BROWSER_SITES_CACHE' });
    await user.type(screen.getByRole('textbox', { name: 'Site 1' }), 'reddit.com');
    expect(screen.getByRole('spinbutton', { name: 'Sessions per day for site 1' })).toHaveValue(3);
    await user.click(screen.getByRole('button', { name: 'Add x.com' }));
    expect(screen.getByRole('textbox', { name: 'Site 2' })).toHaveValue('x.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await step('Pin Stillpoint to your toolbar');
    expect(server.state.sites.map((site) => [site.siteOrigin, site.budget])).toEqual([
      ['https://reddit.com', 3],
      ['https://x.com', 3],
    ]);
    expect(screen.queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Finish' }, { timeout: 5000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  }, 30_000);

  it('starts at the extension step when the intention is saved and the extension is here', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    installExtension({ signedIn: true });
    installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    renderRoute('/onboarding');

    await step('Thanks for adding Stillpoint!');
    // Counted over the steps shown from here: extension, feeds, sites, pin.
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
  });

  it('starts at the iPhone step when the intention is saved but the extension is missing', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    renderRoute('/onboarding');

    await step('Take Stillpoint with you on iPhone');
    expect(screen.getByRole('button', { name: 'Skip for now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Back/ })).not.toBeInTheDocument();
  });

  it('on /onboarding-ios starts at the iPhone step and offers Continue only after 5 s', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    installExtension({ signedIn: true });
    installDashboardServer();
    renderRoute('/onboarding-ios');

    await step('Take Stillpoint with you on iPhone');
    // The store page comes from the server's configuration (getAppLinks).
    expect(await screen.findByRole('link', { name: /App Store/ })).toHaveAttribute(
      'href',
      FAKE_APP_LINKS.appStoreUrl,
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue' }, { timeout: 6000 })).toBeInTheDocument();
  }, 10_000);

  it('asks from the start when the saved answers cannot be read', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    const server = installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    server.route('GET /api/getOnboardingAnswers', () => ({
      status: 503,
      body: { success: false, code: 'UNAVAILABLE', error: 'Try later.' },
    }));
    renderRoute('/onboarding');

    await step('What brings you to Stillpoint?');
  });

  it('shows the usual sources when the server has none to offer, and Skip sends only the earlier answers', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    const user = userEvent.setup();
    const server = installDashboardServer();
    server.route('GET /api/getNewOnboardingHDYHOptions', () => ({
      status: 500,
      body: { success: false, code: 'INTERNAL', error: 'Something went wrong.' },
    }));
    renderRoute('/onboarding');

    await step('What brings you to Stillpoint?');
    await user.click(screen.getByRole('button', { name: 'be present' }));
    await user.click(await screen.findByRole('button', { name: 'better sleep' }));
    await step('How did you hear about Stillpoint?');
    expect(await screen.findByRole('button', { name: 'Substack' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'App Store search' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));

    await step('Take Stillpoint with you on iPhone');
    expect(server.calls('POST /api/updateOnboardingAnswers').map((call) => call.body)).toEqual([
      { onboardingIntention: 'be present', onboardingOutcome: 'better sleep' },
    ]);
  }, 10_000);

  it('keeps the answers on screen with the error toast when they cannot be saved', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    const user = userEvent.setup();
    const server = installDashboardServer();
    server.route('POST /api/updateOnboardingAnswers', () => ({
      status: 503,
      body: { success: false, code: 'UNAVAILABLE', error: 'Try later.' },
    }));
    renderRoute('/onboarding');

    await user.click(await screen.findByRole('button', { name: 'find calm' }));
    await user.click(await screen.findByRole('button', { name: 'less anxiety' }));
    await user.click(await screen.findByRole('button', { name: 'from a friend' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Something broke, sorry')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'How did you hear about Stillpoint?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'from a friend' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('goes Back along the steps shown, keeping the choice made', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    const user = userEvent.setup();
    installDashboardServer();
    renderRoute('/onboarding');

    await user.click(await screen.findByRole('button', { name: 'find calm' }));
    await step('What would you most like to change?');
    await user.click(screen.getByRole('button', { name: /Back/ }));

    await step('What brings you to Stillpoint?');
    expect(screen.getByRole('button', { name: 'find calm' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('comes back to the same step, answers kept, after a reload in the same tab', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    const user = userEvent.setup();
    installDashboardServer();
    const first = renderRoute('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'find calm' }));
    await user.click(await screen.findByRole('button', { name: 'less anxiety' }));
    await step('How did you hear about Stillpoint?');
    first.unmount();

    const server = installDashboardServer();
    renderRoute('/onboarding');
    await step('How did you hear about Stillpoint?');
    await user.click(await screen.findByRole('button', { name: 'other' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await step('Take Stillpoint with you on iPhone');
    expect(server.calls('POST /api/updateOnboardingAnswers')[0]?.body).toEqual({
      onboardingIntention: 'find calm',
      onboardingOutcome: 'less anxiety',
      hdyh: 'other',
    });
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await step('How did you hear about Stillpoint?');
  });

  it('starts afresh after finishing', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const user = userEvent.setup();
    // With the trial used up long ago the person is not premium, so onboarding does not skip them.
    installDashboardServer({ trialUsed: true });
    const first = renderRoute('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'be present' }));
    await user.click(await screen.findByRole('button', { name: 'better sleep' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await step('Take Stillpoint with you on iPhone');
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();

    // The intention is saved now, so SPEC §4 starts at the iPhone step, with nothing to go back to.
    renderRoute('/onboarding');
    await step('Take Stillpoint with you on iPhone');
    expect(screen.queryByRole('button', { name: /Back/ })).not.toBeInTheDocument();
  });

  it('ignores a kept place it cannot read', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    installDashboardServer();
    sessionStorage.setItem(
      `stillpoint.onboarding.${TEST_USER.uid}./onboarding`,
      '{"visited":["NOT_A_STEP"]}',
    );
    renderRoute('/onboarding');
    await step('What brings you to Stillpoint?');
  });

  it('in desktop Chrome without the extension, goes on with "I\'ll add it later"', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    const user = userEvent.setup();
    installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    const { router } = renderRoute('/onboarding');

    await step('Take Stillpoint with you on iPhone');
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await step('Add Stillpoint to Chrome');
    await user.click(screen.getByRole('button', { name: "I'll add it later" }));

    expect(await step('Which feeds should we hide?')).toBeInTheDocument();
    // Counted over the steps shown: iPhone app, extension, feeds, sites (no pin without the extension).
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    // Back still returns to the extension step, should the person change their mind.
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await step('Add Stillpoint to Chrome');
    await user.click(screen.getByRole('button', { name: "I'll add it later" }));

    // With no extension there is nothing to pin: the sites step is the last, then home.
    await step('Which feeds should we hide?');
    await screen.findByRole('switch', { name: 'Feedblock Reddit' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await step('Which sites pull you in?');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Pin Stillpoint to your toolbar' })).not.toBeInTheDocument();
  });

  it('outside Chrome leaves for home instead of the extension step', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const user = userEvent.setup();
    installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    const { router } = renderRoute('/onboarding');

    await step('Take Stillpoint with you on iPhone');
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('setting up sites', () => {
  async function reachSites() {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    const user = userEvent.setup();
    installExtension({ signedIn: true });
    renderRoute('/onboarding');
    await step('Thanks for adding Stillpoint!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await step('Which feeds should we hide?');
    await screen.findByRole('switch', { name: 'Feedblock Reddit' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await step('Which sites pull you in?');
    return user;
  }

  it('keeps a refused row with its reason, while the rows that were added leave the form', async () => {
    const server = installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    const user = await reachSites();
    server.state.sites.push({
      id: 'existing',
      siteOrigin: 'https://youtube.com',
      budget: 3,
      dailyBudget: 3,
      active: true,
      todaysSessions: [],
      activeSessions: [],
    });

    await user.type(screen.getByRole('textbox', { name: 'Site 1' }), 'youtube.com');
    await user.click(screen.getByRole('button', { name: '+ Add another site' }));
    await user.type(screen.getByRole('textbox', { name: 'Site 2' }), 'tiktok.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('youtube.com is already one of your intercepted sites.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Site 1' })).toHaveValue('youtube.com');
    expect(screen.queryByRole('textbox', { name: 'Site 2' })).not.toBeInTheDocument();
    expect(server.state.sites.map((site) => site.siteOrigin)).toContain('https://tiktok.com');
    expect(screen.getByRole('heading', { level: 1, name: 'Which sites pull you in?' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a site in people's words, without the field's name", async () => {
    installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    const user = await reachSites();

    await user.type(screen.getByRole('textbox', { name: 'Site 1' }), 'not a site');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('Enter a site like youtube.com or https://www.youtube.com.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Invalid body|siteOrigin/)).not.toBeInTheDocument();
  });

  it('points out a site typed with no usable budget and sends nothing', async () => {
    const server = installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    const user = await reachSites();

    await user.type(screen.getByRole('textbox', { name: 'Site 1' }), 'reddit.com');
    const budget = screen.getByRole('spinbutton', { name: 'Sessions per day for site 1' });
    await user.clear(budget);
    await user.type(budget, '0');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(budget).toHaveAccessibleDescription('At least 1'));
    expect(budget).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Site 1' })).not.toHaveAttribute('aria-invalid');
    expect(server.calls('POST /api/addBrowserSite')).toHaveLength(0);
  });

  it('lists the sites just chosen that this browser has not granted yet, and grants them in one click', async () => {
    const server = installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    const user = userEvent.setup();
    // An extension that asks for access site by site (decision 045) and has none for reddit.com yet.
    const extension = installFakeExtension((message) => {
      if (message.type === 'PULSE_CHECK') {
        return { status: 'success', version: '1.0.0', signedIn: true, userId: TEST_USER.uid };
      }
      if (message.type === 'GET_SITE_ACCESS') {
        const origins = message.siteOrigins as string[];
        return {
          status: 'success',
          needsAccess: origins.filter((origin) => origin === 'https://reddit.com'),
        };
      }
      return { status: 'success' };
    });
    renderRoute('/onboarding');
    await step('Thanks for adding Stillpoint!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await step('Which feeds should we hide?');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await step('Which sites pull you in?');
    await user.type(screen.getByRole('textbox', { name: 'Site 1' }), 'reddit.com');
    await user.click(screen.getByRole('button', { name: 'Add x.com' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await step('Pin Stillpoint to your toolbar');
    expect(server.state.sites).toHaveLength(2);
    const notice = await screen.findByRole('region', { name: 'Needs access on this browser' });
    expect(
      within(within(notice).getByRole('list', { name: 'Sites that need access' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['reddit.com']);
    await user.click(within(notice).getByRole('button', { name: 'Grant access' }));
    expect(extension.received.map((entry) => entry.message)).toContainEqual({ type: 'OPEN_SITE_ACCESS' });
  });

  it('moves on with no site at all (they can be added from home later)', async () => {
    const server = installDashboardServer({ answers: { onboardingIntention: 'be present' } });
    const user = await reachSites();

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await step('Pin Stillpoint to your toolbar');
    expect(server.calls('POST /api/addBrowserSite')).toHaveLength(0);
  });
});
