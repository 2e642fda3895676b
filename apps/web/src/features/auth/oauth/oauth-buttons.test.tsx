import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthReturn } from '../../../lib/auth/oauth-return';
import { sessionToken } from '../../../lib/auth-client';
import { installFakeServer, TEST_TOKEN } from '../../../test/fake-server';
import { OAuthButtons } from './oauth-buttons';

/** A stand-in for the window `window.open` returns; the test decides when it is closed. */
function fakePopup() {
  return { closed: false, close() {}, focus() {} };
}

function setScreen({ phone }: { phone: boolean }) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone, media: query }));
}

function renderButtons() {
  const onSignedIn = vi.fn();
  const onError = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OAuthButtons
        callbackPath="/signin?trialEmail=sam%40example.com&error=access_denied"
        onSignedIn={onSignedIn}
        onError={onError}
      />
    </QueryClientProvider>,
  );
  return { onSignedIn, onError };
}

const enabledButton = async (name: string) => {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};

describe('OAuthButtons', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => {
    server = installFakeServer();
    setScreen({ phone: false });
  });

  it('offers Apple first, then Google, once the providers are known', async () => {
    renderButtons();
    await enabledButton('Continue with Google');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Continue with Apple',
      'Continue with Google',
    ]);
  });

  it('signs in through a popup on a wide screen and keeps the session token', async () => {
    const popup = fakePopup();
    let popupUrl = '';
    vi.stubGlobal('open', (url: string) => {
      popupUrl = url;
      return popup;
    });
    server.route('GET /api/auth/get-session', () => ({
      body: { session: { id: 's-1', token: TEST_TOKEN }, user: { id: 'u-1', email: 'ada@example.com' } },
      headers: { 'set-auth-token': TEST_TOKEN },
    }));
    const { onSignedIn, onError } = renderButtons();

    await userEvent.click(await enabledButton('Continue with Apple'));
    const start = new URL(popupUrl);
    expect(start.pathname).toBe('/api/auth/oauth-popup/start');
    expect(start.searchParams.get('provider')).toBe('dev-apple');
    // The provider's completion page reports back to this window.
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: {
          type: 'better-auth:oauth-popup',
          nonce: start.searchParams.get('popupNonce'),
          token: TEST_TOKEN,
        },
      }),
    );

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onError).not.toHaveBeenCalled();
    expect(sessionToken.get()).toBe(TEST_TOKEN);
  });

  it('says the window was closed, in words, when the person closes the popup', async () => {
    const popup = fakePopup();
    vi.stubGlobal('open', () => popup);
    const { onSignedIn, onError } = renderButtons();

    await userEvent.click(await enabledButton('Continue with Google'));
    popup.closed = true;

    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(onError).toHaveBeenCalledWith(expect.stringMatching(/^The sign-in window was closed/));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(await enabledButton('Continue with Google')).toBeEnabled();
  });

  it('counts a popup that closed as it finished as signed in', async () => {
    const popup = fakePopup();
    vi.stubGlobal('open', () => popup);
    const { onSignedIn, onError } = renderButtons();

    await userEvent.click(await enabledButton('Continue with Google'));
    // The callback set the session cookie, but the window closed before its message arrived.
    server.route('GET /api/auth/get-session', () => ({
      body: { session: { id: 's-1', token: TEST_TOKEN }, user: { id: 'u-1', email: 'ada@example.com' } },
      headers: { 'set-auth-token': TEST_TOKEN },
    }));
    popup.closed = true;

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a cancel, not a closed window, when the popup closes as it reports the cancel', async () => {
    const popup = fakePopup();
    vi.stubGlobal('open', () => popup);
    const { onError } = renderButtons();

    await userEvent.click(await enabledButton('Continue with Apple'));
    // The completion page's message, which Better Auth's client missed because it saw the close first.
    popup.closed = true;
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: 'better-auth:oauth-popup', nonce: 'missed', error: { code: 'access_denied' } },
      }),
    );

    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(onError).toHaveBeenCalledWith('Sign-in was cancelled. Choose a way to sign in to continue.');
  });

  it.each([
    ['the browser blocks the popup', { phone: false }],
    ['the screen is phone-sized', { phone: true }],
  ])('goes to the provider in this window when %s', async (_case, screenSize) => {
    setScreen(screenSize);
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    server.route('POST /api/auth/sign-in/social', () => ({
      body: { url: 'http://localhost/api/dev-idp/google/auth?client_id=x', redirect: false },
    }));
    const { onError } = renderButtons();

    await userEvent.click(await enabledButton('Continue with Google'));

    await waitFor(() => expect(server.calls('POST /api/auth/sign-in/social')).toHaveLength(1));
    expect(open).toHaveBeenCalledTimes(screenSize.phone ? 0 : 1);
    expect(server.calls('POST /api/auth/sign-in/social')[0]?.body).toMatchObject({
      provider: 'dev-google',
      // It comes back to the sign-in page with its query, minus the previous attempt's error.
      callbackURL: '/signin?trialEmail=sam%40example.com',
    });
    expect(onError).not.toHaveBeenCalled();
    // The page it comes back to waits for the session the sign-in brings.
    expect(oauthReturn.pending()).toBe(true);
    // The button stays busy while the page leaves.
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveAttribute('aria-busy', 'true');
  });

  it('explains a failure to start without showing a code', async () => {
    setScreen({ phone: true });
    server.route('POST /api/auth/sign-in/social', () => ({
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many requests' },
    }));
    const { onError } = renderButtons();

    await userEvent.click(await enabledButton('Continue with Apple'));

    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith('Too many attempts. Please wait a few minutes and try again.'),
    );
    // Nothing left the page, so nothing is coming back to it.
    expect(oauthReturn.pending()).toBe(false);
  });
});
