import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionToken } from '../../lib/session-token';
import { installDashboardServer } from '../../test/dashboard-server';
import { installFakeExtension } from '../../test/fake-extension';
import { TEST_TOKEN, TEST_USER } from '../../test/fake-server';
import { renderRoute } from '../../test/render-route';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A signed-in session whose account has this e-mail (phone-only accounts have none). */
function withEmail(server: ReturnType<typeof installDashboardServer>, email: string) {
  server.route('GET /api/auth/get-session', () => ({
    body: {
      session: {
        id: 'session-1',
        token: TEST_TOKEN,
        userId: TEST_USER.uid,
        expiresAt: '2099-01-01T00:00:00Z',
      },
      user: { id: TEST_USER.uid, email, name: '', phoneNumber: null },
    },
  }));
}

/** Only Date is faked: the greeting reads the clock, while the app's own timers keep running. */
function atLocalTime(hours: number, minutes = 0) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 4, hours, minutes));
}

// The first render loads the page's code, which can take a while on a busy machine.
const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

// Loaded once up front: the route's lazy import is slow on a busy machine, and tests have 5 s.
beforeAll(() => import('./home-page'));

describe('HomePage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    toast.dismiss();
  });

  it('asks for its data while the session is checked, under a header drawn at once', async () => {
    const server = installDashboardServer({ profile: { displayName: 'Sam' } });
    let answerSession: (() => void) | undefined;
    server.route(
      'GET /api/auth/get-session',
      () =>
        new Promise((resolve) => {
          answerSession = () =>
            resolve({
              body: {
                session: { id: 'session-1', token: TEST_TOKEN, userId: TEST_USER.uid },
                user: { id: TEST_USER.uid, email: '', name: '', phoneNumber: '+15555550100' },
              },
            });
        }),
    );
    sessionToken.set(TEST_TOKEN);
    renderRoute('/');

    await waitFor(
      () => {
        expect(server.calls('GET /api/getProfileWeb')).toHaveLength(1);
        expect(server.calls('GET /api/getBrowserSitesWithActiveAndTodaysSessions')).toHaveLength(1);
        expect(server.calls('GET /api/getBrowserSiteSettings')).toHaveLength(1);
      },
      { timeout: 5000 },
    );
    expect(screen.getByRole('link', { name: 'Stillpoint home' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading your subscription' })).toBeInTheDocument();
    expect(answerSession).toBeDefined();

    act(() => answerSession?.());

    expect(await heading()).toHaveTextContent(/, Sam$/);
    // The page took the answers asked for early instead of asking again.
    expect(server.calls('GET /api/getProfileWeb')).toHaveLength(1);
    expect(server.calls('GET /api/getBrowserSitesWithActiveAndTodaysSessions')).toHaveLength(1);
  });

  it('shows a spinner until the profile has loaded', async () => {
    const server = installDashboardServer({ profile: { displayName: 'Sam' } });
    let answer: (() => void) | undefined;
    server.route(
      'GET /api/getProfileWeb',
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              body: {
                success: true,
                data: { displayName: 'Sam', streakData: { streakStarted: null }, mobileScreenTimeToday: 0 },
              },
            });
        }),
    );
    renderRoute('/');

    expect(await screen.findByRole('status', { name: 'Loading your home page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer?.());

    expect(await heading()).toHaveTextContent(/, Sam$/);
    expect(screen.queryByRole('status', { name: 'Loading your home page' })).not.toBeInTheDocument();
  });

  it.each(['GET /api/getBrowserSitesWithActiveAndTodaysSessions', 'GET /api/getBrowserSiteSettings'])(
    'keeps the spinner until %s has answered too, so no section grows under the reader',
    async (call) => {
      const server = installDashboardServer({ profile: { displayName: 'Sam' } });
      let answer: (() => void) | undefined;
      server.route(
        call,
        () =>
          new Promise((resolve) => {
            answer = () => resolve({ status: 500, body: { success: false, error: 'Down for a moment' } });
          }),
      );
      renderRoute('/');

      await waitFor(() => expect(answer).toBeDefined());
      expect(screen.getByRole('status', { name: 'Loading your home page' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

      act(() => answer?.());
      // A failed answer still shows the page, with that section's own error.
      expect(await heading()).toHaveTextContent(/, Sam$/);
    },
  );

  it.each([
    [8, 'Good morning, Sam'],
    [11, 'Good morning, Sam'],
    [12, 'Good afternoon, Sam'],
    [17, 'Good afternoon, Sam'],
    [18, 'Good evening, Sam'],
    [23, 'Good evening, Sam'],
  ])('at %i:00 greets the display name with "%s"', async (hour, text) => {
    atLocalTime(hour);
    installDashboardServer({ profile: { displayName: 'Sam' } });
    renderRoute('/');

    expect(await heading()).toHaveTextContent(text);
  });

  it("greets by the e-mail's local part, capitalised, when there is no display name", async () => {
    atLocalTime(9);
    withEmail(installDashboardServer({ profile: { displayName: null } }), 'jordan@example.com');
    renderRoute('/');

    expect(await heading()).toHaveTextContent('Good morning, Jordan');
  });

  it("says 'Hello' to a name longer than 10 characters, and not to one of exactly 10", async () => {
    atLocalTime(19);
    withEmail(installDashboardServer({ profile: { displayName: null } }), 'christopher@example.com');
    const { unmount } = renderRoute('/');
    expect(await heading()).toHaveTextContent('Hello, Christopher');
    unmount();

    withEmail(installDashboardServer({ profile: { displayName: 'Maximilian' } }), 'christopher@example.com');
    renderRoute('/');
    expect(await heading()).toHaveTextContent('Good evening, Maximilian');
  });

  it('greets a phone-only account without a name', async () => {
    atLocalTime(14);
    installDashboardServer();
    renderRoute('/');

    expect(await heading()).toHaveTextContent(/^Good afternoon$/);
  });

  it('asks for the profile with the local day number', async () => {
    const server = installDashboardServer({ profile: { displayName: 'Sam' } });
    renderRoute('/');
    await heading();

    const [call] = server.calls('GET /api/getProfileWeb');
    const day = Math.floor((Date.now() - new Date().getTimezoneOffset() * 60_000) / 86_400_000);
    expect(call?.search.get('userDay')).toBe(String(day));
  });

  it('explains a failed profile load and loads again on Try again', async () => {
    const user = userEvent.setup();
    const server = installDashboardServer({ profile: { displayName: 'Sam' } });
    server.route('GET /api/getProfileWeb', () => ({
      status: 404,
      body: { success: false, code: 'NOT_FOUND', error: 'No profile for this account yet.' },
    }));
    renderRoute('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your home page.");
    expect(alert).toHaveTextContent('No profile for this account yet.');

    server.route('GET /api/getProfileWeb', () => ({
      body: {
        success: true,
        data: { displayName: 'Sam', streakData: { streakStarted: null }, mobileScreenTimeToday: 0 },
      },
    }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Sam$/ })).toBeInTheDocument();
  });

  it('shows both web settings under "Your web settings"', async () => {
    installDashboardServer();
    renderRoute('/');

    const settings = await screen.findByRole('region', { name: 'Your web settings' });
    expect(within(settings).getByRole('heading', { level: 3, name: "Sites we'll intercept" })).toBeVisible();
    expect(within(settings).getByRole('heading', { level: 3, name: "Sites we'll feedblock" })).toBeVisible();
  });

  it("shows this week's pauses after the web settings, with a welcome before the first pause", async () => {
    const server = installDashboardServer();
    renderRoute('/');

    const settings = await screen.findByRole('region', { name: 'Your web settings' });
    const pauses = screen.getByRole('region', { name: "This week's pauses" });
    expect(settings.compareDocumentPosition(pauses) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(pauses).findByText(/^Your first week/)).toBeVisible();
    const day = Math.floor((Date.now() - new Date().getTimezoneOffset() * 60_000) / 86_400_000);
    expect(server.calls('GET /api/getInsights')[0]?.search.get('userDay')).toBe(String(day));
  });

  it('tracks scroll depth on the home page', async () => {
    const server = installDashboardServer();
    renderRoute('/');
    await heading();

    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });

    await waitFor(() => expect(server.tracked()).toContain('scrollDepth'));
  });

  describe('outside Chrome', () => {
    it('offers "request Firefox", sends it as feedback and thanks the person', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
      const user = userEvent.setup();
      const server = installDashboardServer();
      renderRoute('/');

      const notice = await screen.findByRole('region', { name: 'Stillpoint works in Chrome' });
      expect(notice).toHaveTextContent("it can't intercept sites in Firefox");
      await user.click(within(notice).getByRole('button', { name: 'request Firefox' }));

      expect(await within(notice).findByText('Thank you for your feedback!')).toBeInTheDocument();
      expect(within(notice).queryByRole('button', { name: 'request Firefox' })).not.toBeInTheDocument();
      const [feedback] = server.calls('POST /api/sendFeedback');
      expect(feedback?.body).toMatchObject({
        location: 'web app feedback - request browser',
        content: expect.stringContaining('Firefox'),
      });
      await waitFor(() => expect(server.tracked()).toContain('requestBrowserSupport'));
    });

    it('keeps the button and shows the error toast when the request fails', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
      const user = userEvent.setup();
      const server = installDashboardServer();
      server.route('POST /api/sendFeedback', () => ({
        status: 503,
        body: { success: false, code: 'UNAVAILABLE', error: 'Try later.' },
      }));
      renderRoute('/');

      await user.click(await screen.findByRole('button', { name: 'request Firefox' }));

      expect(await screen.findByText('Something broke, sorry')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'request Firefox' })).toBeEnabled();
      expect(screen.queryByText('Thank you for your feedback!')).not.toBeInTheDocument();
    });

    it('shows nothing of the kind in Chrome', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
      installDashboardServer();
      renderRoute('/');

      await heading();
      expect(screen.queryByRole('region', { name: 'Stillpoint works in Chrome' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^request / })).not.toBeInTheDocument();
    });
  });

  describe('the extension', () => {
    const ANDROID_CHROME =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    const prompt = () => screen.queryByRole('region', { name: 'Add Stillpoint to Chrome' });

    it('in desktop Chrome without it, links to the Chrome Web Store and connects it once installed', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
      const server = installDashboardServer();
      server.route('GET /api/createCustomFirebaseToken', () => ({
        body: { success: true, data: { token: 'one-time-token' } },
      }));
      renderRoute('/');

      const region = await screen.findByRole('region', { name: 'Add Stillpoint to Chrome' });
      const link = within(region).getByRole('link', { name: /Add to Chrome/ });
      expect(link).toHaveAttribute('href', 'https://chromewebstore.google.com/detail/stillpoint');
      expect(link).toHaveAttribute('target', '_blank');

      // Installed from the store in another tab: the next poll (every 3 s) finds it signed out.
      let signedIn = false;
      const extension = installFakeExtension((message) => {
        if (message.type === 'USER_ACCESS_TOKEN_EXCHANGE') signedIn = true;
        return message.type === 'PULSE_CHECK'
          ? { status: 'success', version: '1.0.0', signedIn, userId: signedIn ? TEST_USER.uid : null }
          : { status: 'success' };
      });

      expect(
        await screen.findByText(/The Stillpoint extension is connected/, undefined, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(prompt()).not.toBeInTheDocument();
      expect(extension.received.map((r) => r.message)).toContainEqual({
        type: 'USER_ACCESS_TOKEN_EXCHANGE',
        token: 'one-time-token',
      });
    });

    it('in desktop Chrome, appears once the extension check has answered, so the prompt pushes nothing down', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
      installDashboardServer({ profile: { displayName: 'Sam' } });
      // An extension that has not answered yet: messages wait until `answer`, then fail as missing.
      let answered = false;
      const waiting: (() => void)[] = [];
      vi.stubGlobal('chrome', {
        runtime: {
          sendMessage: (_id: string, _message: unknown, reply: (value: unknown) => void) => {
            if (answered) queueMicrotask(() => reply(undefined));
            else waiting.push(() => reply(undefined));
          },
        },
      });
      renderRoute('/');

      // Home is there, waiting: the subscription is in and the extension has not answered.
      expect(
        await screen.findByRole('status', { name: 'Loading your home page' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

      act(() => {
        answered = true;
        for (const answer of waiting.splice(0)) answer();
      });

      expect(await heading()).toHaveTextContent(/, Sam$/);
      expect(prompt()).toBeInTheDocument();
    });

    it('says nothing when the extension is already there', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
      installFakeExtension(() => ({
        status: 'success',
        version: '1.0.0',
        signedIn: true,
        userId: TEST_USER.uid,
      }));
      installDashboardServer();
      renderRoute('/');

      await heading();
      await waitFor(() => expect(screen.queryByText(/connected/)).not.toBeInTheDocument());
      expect(prompt()).not.toBeInTheDocument();
    });

    it.each([
      ['Firefox', FIREFOX],
      ['Chrome on a phone', ANDROID_CHROME],
    ])('does not offer it in %s, which cannot run it', async (_browser, userAgent) => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
      installDashboardServer();
      renderRoute('/');

      await heading();
      expect(prompt()).not.toBeInTheDocument();
    });
  });
});
