import { paywallVariant, webPageTitle } from '@stillpoint/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentLoad } from '../../app/payment-page-load';
import { setConsent } from '../../lib/consent/consent';
import { SESSION_TOKEN_KEY } from '../../lib/session-token';
import { stubCarouselBrowser } from '../../test/browser-fakes';
import { FAKE_DEEP_LINK_URL, FAKE_SUBSCRIPTION_ID, installFakePayments } from '../../test/fake-payments';
import { FAKE_APP_LINKS, installFakeServer, TEST_TOKEN } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { subscriptionState } from '../../test/subscriptions';
import { loadLaterSteps } from './later-steps';
import { androidRedirect } from './use-android-redirect';

/** An id whose hash is at most 0.5: the timeline paywall (decision 019). */
const TIMELINE_UID = 'timeline-user';
/** An id on the personal plan's side of the split. */
const PERSONAL_PLAN_UID =
  ['plan-user-1', 'plan-user-2', 'plan-user-3', 'plan-user-4', 'plan-user-5', 'plan-user-6'].find(
    (id) => paywallVariant(id) === 'personalPlan',
  ) ?? 'none';

const ALL_ANSWERS = {
  intention: 'find focus',
  outcome: 'deeper work',
  age: '28-32',
  occupation: 'engineer',
  mostDisruptive: 'binge watching',
  worstApp: 'youtube',
};

beforeAll(() => Promise.all([preloadRoutes('/getting-started'), loadLaterSteps()]));

/** Signs the test person in through the funnel's phone step, as they would type it. */
async function signInWithThePhoneStep() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Phone number', undefined, { timeout: 5000 }), '5555550100');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText('Confirmation code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

// A step's 300 ms advance can still land after the last test's cleanup and keep its place: each
// test starts from a new visit.
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
});

// As if the document had been loaded at /getting-started, as a browser does when it is opened.
const open = (path = '/getting-started') => {
  vi.spyOn(documentLoad, 'path').mockReturnValue('/getting-started');
  return renderRoute(path);
};

const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const progressBar = () => screen.queryByRole('progressbar', { name: 'Your progress' });

/** Answers a single-choice step and waits for the next one, as the 300 ms pause allows. */
async function choose(label: string, nextHeading: string | RegExp) {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  await heading(nextHeading);
}

async function answerUpToOccupation() {
  fireEvent.click(await screen.findByRole('button', { name: 'Get started' }));
  await choose('find focus', 'What would make the biggest difference for you?');
  await choose('deeper work', 'How old are you?');
  await choose('28-32', 'What do you do?');
}

describe('/getting-started', () => {
  it('shows a first visit the landing without waiting for the sign-in check, and waits when a token is kept', async () => {
    const server = installFakeServer({ signedIn: false });
    server.route('GET /api/auth/get-session', () => new Promise(() => undefined));
    const first = open();
    expect(await heading(/Take back your attention/)).toBeInTheDocument();
    first.unmount();

    // A kept token means someone may be signed in, who starts elsewhere: the page waits for the answer.
    localStorage.setItem('stillpoint.sessionToken', 'kept-token');
    let answer: (response: { body: null }) => void = () => undefined;
    server.route('GET /api/auth/get-session', () => new Promise((resolve) => (answer = resolve)));
    open();
    await waitFor(() => expect(server.calls('GET /api/auth/get-session').length).toBeGreaterThan(0));
    // What the page does once the check is out has run: it is still waiting for the answer.
    await act(async () => {});
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(document.title).toBe(webPageTitle('/getting-started'));

    act(() => answer({ body: null }));
    expect(await heading(/Take back your attention/)).toBeInTheDocument();
  });

  it('opens on the landing without a progress bar, then shows progress on the questions', async () => {
    installFakeServer({ signedIn: false });
    open();
    expect(await heading(/Take back your attention/)).toBeInTheDocument();
    expect(progressBar()).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    expect(await heading('What brings you to Stillpoint?')).toBeInTheDocument();
    expect(progressBar()).toBeInTheDocument();
    expect(Number(progressBar()?.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  });

  it('moves on 300 ms after a choice, and counts a double tap once', async () => {
    installFakeServer({ signedIn: false });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    await heading('What brings you to Stillpoint?');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'find calm' }));
    fireEvent.click(screen.getByRole('button', { name: 'find calm' }));
    expect(screen.getByRole('button', { name: 'find calm' })).toHaveAttribute('aria-pressed', 'true');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('What brings you to Stillpoint?');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'What would make the biggest difference for you?',
    );
    // The outcomes are those of the intention chosen (SPEC §9), and one step only was taken.
    expect(screen.getByRole('button', { name: 'a quieter mind' })).toBeInTheDocument();
  });

  it("continues from the occupation only with the person's own words, not blanks", async () => {
    installFakeServer({ signedIn: false });
    open();
    await answerUpToOccupation();
    const user = userEvent.setup();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.type(screen.getByLabelText('Something else? Tell us in your own words'), '   ');
    expect(continueButton).toBeDisabled();
    await user.type(screen.getByLabelText('Something else? Tell us in your own words'), 'lighthouse keeper');
    await user.click(continueButton);
    expect(await heading("You're in the right spot")).toBeInTheDocument();
  }, 15_000);

  it('goes back a step, and keeps the place and the answers over a reload', async () => {
    installFakeServer({ signedIn: false });
    const first = open();
    await answerUpToOccupation();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('How old are you?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '28-32' })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();

    open();
    expect(await heading('How old are you?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '28-32' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves intention, outcome, occupation and age on the device on reaching sign-up', async () => {
    installFakeServer({ signedIn: false });
    open();
    await answerUpToOccupation();
    await choose('engineer', "You're in the right spot");
    expect(localStorage.getItem('stillpoint.funnelAnswers')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await choose('binge watching', 'Which app is the hardest to put down?');
    await choose('TikTok', 'Before Stillpoint, and after');
    expect(screen.getAllByText(/TikTok/).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(await heading('Create your account to see your plan')).toBeInTheDocument();
    expect(await screen.findByLabelText('Phone number', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('stillpoint.funnelAnswers') ?? 'null')).toEqual({
      intention: 'find focus',
      outcome: 'deeper work',
      occupation: 'engineer',
      age: '28-32',
    });
  });

  it('signs up inline, stores the answers on the account and shows the timeline paywall', async () => {
    const server = installFakeServer({ signedIn: false, uid: TIMELINE_UID });
    installFakePayments(server);
    server.route('POST /api/updateOnboardingParams', () => ({ body: { success: true, data: { ok: true } } }));
    sessionStorage.setItem(
      'stillpoint.funnelPlace',
      JSON.stringify({
        step: 'SIGN_UP',
        answers: { intention: 'be present', outcome: 'better sleep', age: '50+', worstApp: 'netflix' },
      }),
    );
    open();
    await signInWithThePhoneStep();

    expect(await heading('Try Stillpoint free for 7 days')).toBeInTheDocument();
    expect(server.calls('POST /api/updateOnboardingParams').map((call) => call.body)).toEqual([
      { intention: 'be present', outcome: 'better sleep', age: '50+', worstApp: 'netflix' },
    ]);
    expect(progressBar()).not.toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    expect(screen.getByText('Day 5')).toBeInTheDocument();
    expect(screen.getByText('Day 7')).toBeInTheDocument();
    expect(await screen.findByText('7-day free trial, then $49.99/yr')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Start trial' })).toBeInTheDocument();
  }, 15_000);

  it('starts a signed-in person on sign-up, and goes on even when the answers cannot be stored', async () => {
    const server = installFakeServer({ signedIn: true, uid: TIMELINE_UID });
    installFakePayments(server);
    server.route('POST /api/updateOnboardingParams', () => ({
      status: 503,
      body: { success: false, code: 'UNAVAILABLE', error: 'down' },
    }));
    localStorage.setItem(
      'stillpoint.funnelAnswers',
      JSON.stringify({ intention: 'find calm', age: '18-22' }),
    );
    // Signed in as a browser is: with the session's token kept, so the page waits for the check
    // rather than showing the landing to whoever the session turns out to be.
    localStorage.setItem(SESSION_TOKEN_KEY, TEST_TOKEN);
    open();
    expect(await heading('Your account is ready')).toBeInTheDocument();
    expect(screen.getByText("You're signed in as +1 555-555-0100.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await heading('Try Stillpoint free for 7 days')).toBeInTheDocument();
    expect(server.calls('POST /api/updateOnboardingParams')[0]?.body).toEqual({
      intention: 'find calm',
      age: '18-22',
    });
  });

  it('pays on the timeline paywall with a test card and reaches the download step', async () => {
    const leave = vi.spyOn(androidRedirect, 'go').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true, uid: TIMELINE_UID });
    installFakePayments(server);
    sessionStorage.setItem('stillpoint.funnelPlace', JSON.stringify({ step: 'PURCHASE', answers: {} }));
    const view = open();
    const user = userEvent.setup();
    await user.click(await view.findByRole('button', { name: 'Start trial' }));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiration date'), '1234');
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Start trial' }));

    expect(await heading('Welcome to Stillpoint')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download Stillpoint' })).toHaveAttribute(
      'href',
      FAKE_DEEP_LINK_URL,
    );
    expect(server.calls('POST /api/getStripeSubscriptionIntent')[0]?.body).toMatchObject({ numTrialDays: 7 });
    // The store links the download step reads send nobody away on a computer.
    expect(leave).not.toHaveBeenCalled();
  }, 15_000);

  it('opens the purchase screen directly with ssid, and the download step once the provider says paid', async () => {
    const server = installFakeServer({ signedIn: true, uid: TIMELINE_UID });
    installFakePayments(server);
    const first = open(`/getting-started?ssid=${FAKE_SUBSCRIPTION_ID}`);
    expect(await heading('Try Stillpoint free for 7 days')).toBeInTheDocument();
    first.unmount();
    sessionStorage.clear();

    const { router } = open(`/getting-started?ssid=${FAKE_SUBSCRIPTION_ID}&redirect_status=succeeded`);
    expect(await heading('Welcome to Stillpoint')).toBeInTheDocument();
    // Handled: the provider's parameters and ssid leave the address.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the download step as it was on a reload after paying, not "already premium"', async () => {
    const server = installFakeServer({ signedIn: true, uid: TIMELINE_UID });
    installFakePayments(server);
    sessionStorage.setItem('stillpoint.funnelPlace', JSON.stringify({ step: 'PURCHASE', answers: {} }));
    const first = open(`/getting-started?ssid=${FAKE_SUBSCRIPTION_ID}&redirect_status=succeeded`);
    expect(await heading('Welcome to Stillpoint')).toBeInTheDocument();
    expect(screen.getByText(/Your free trial has started/)).toBeInTheDocument();
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    const address = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    first.unmount();

    // The reload: the server now holds the trial just bought, as it would.
    const paid = installFakeServer({
      signedIn: true,
      uid: TIMELINE_UID,
      subscription: subscriptionState('cardTrial'),
    });
    installFakePayments(paid, { hasActiveSubscription: true });
    open(address);
    expect(await heading('Welcome to Stillpoint')).toBeInTheDocument();
    expect(screen.getByText(/Your free trial has started/)).toBeInTheDocument();
    expect(screen.queryByText(/nothing to pay/)).not.toBeInTheDocument();
    expect(paid.calls('POST /api/getStripeSubscriptionIntent')).toHaveLength(0);
  });

  it('says "already premium" again on a reload when that is how the paywall finished', async () => {
    const server = installFakeServer({
      signedIn: true,
      uid: TIMELINE_UID,
      subscription: subscriptionState('pro'),
    });
    installFakePayments(server, { hasActiveSubscription: true });
    sessionStorage.setItem('stillpoint.funnelPlace', JSON.stringify({ step: 'PURCHASE', answers: {} }));
    const first = open();
    expect(await heading('Welcome to Stillpoint')).toBeInTheDocument();
    expect(screen.getByText(/You already have premium/)).toBeInTheDocument();
    first.unmount();

    open();
    expect(await heading('Welcome to Stillpoint')).toBeInTheDocument();
    expect(screen.getByText(/You already have premium/)).toBeInTheDocument();
  });

  it('shows someone who signed in without answering the timeline, not "Your personal plan is ready"', async () => {
    expect(paywallVariant(PERSONAL_PLAN_UID)).toBe('personalPlan');
    const server = installFakeServer({ signedIn: false, uid: PERSONAL_PLAN_UID });
    installFakePayments(server);
    server.route('POST /api/updateOnboardingParams', () => ({ body: { success: true, data: { ok: true } } }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'I already have an account' }));
    await signInWithThePhoneStep();

    expect(await heading('Try Stillpoint free for 7 days')).toBeInTheDocument();
    expect(document.querySelector('[data-paywall]')).toHaveAttribute('data-paywall', 'timeline');
    expect(screen.queryByText('Your personal plan is ready')).not.toBeInTheDocument();
  }, 15_000);

  it('shows the same person the personal plan once there are answers to make it from', async () => {
    // The personal plan's carousel and floating button read these, which jsdom lacks.
    stubCarouselBrowser();
    const server = installFakeServer({ signedIn: true, uid: PERSONAL_PLAN_UID });
    installFakePayments(server);
    sessionStorage.setItem(
      'stillpoint.funnelPlace',
      JSON.stringify({ step: 'PURCHASE', answers: ALL_ANSWERS }),
    );
    open();
    expect(await heading('Your personal plan is ready')).toBeInTheDocument();
    expect(document.querySelector('[data-paywall]')).toHaveAttribute('data-paywall', 'personalPlan');
  });

  it('says nobody is signed in on the purchase screen without a user', async () => {
    installFakeServer({ signedIn: false });
    open(`/getting-started?ssid=${FAKE_SUBSCRIPTION_ID}`);
    expect(await screen.findByText('user not logged in')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await heading('Create your account to see your plan')).toBeInTheDocument();
  });

  it('sends Android visitors to the Play Store', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    );
    const replace = vi.spyOn(androidRedirect, 'go').mockImplementation(() => undefined);
    installFakeServer({ signedIn: false });
    open();
    expect(await heading('Opening Google Play…')).toBeInTheDocument();
    await waitFor(() => expect(replace).toHaveBeenCalledWith(FAKE_APP_LINKS.playStoreUrl));
  });

  it('tells TikTok of each step only after consent', async () => {
    // A visitor the cookie banner applies to: US visitors are tracked without asking.
    const server = installFakeServer({ signedIn: false, country: 'DE' });
    const first = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    await heading('What brings you to Stillpoint?');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls('POST /api/trackTikTokEvent')).toHaveLength(0);
    first.unmount();

    setConsent('granted');
    open();
    await heading('What brings you to Stillpoint?');
    await waitFor(() => expect(server.calls('POST /api/trackTikTokEvent')).toHaveLength(1));
    expect(server.calls('POST /api/trackTikTokEvent')[0]?.body).toMatchObject({
      event: 'ViewContent',
      properties: { content_name: 'INTENTION' },
    });
  });
});
