import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../test/fake-server';
import { preloadRoutes } from '../test/preload-routes';
import { renderRoute } from '../test/render-route';
import { documentLoad } from './payment-page-load';

// SPEC §2's route table, each path with the heading its page shows for now.
const pages: [path: string, heading: string, layout: 'signed-in' | 'standalone'][] = [
  ['/', 'Home', 'signed-in'],
  ['/subscription', 'Subscription', 'signed-in'],
  ['/breathe', 'Breathe', 'signed-in'],
  ['/onboarding', 'What brings you to Stillpoint?', 'signed-in'],
  ['/onboarding-ios', 'Take Stillpoint with you on iPhone', 'signed-in'],
  ['/signin', 'Sign in or create account', 'standalone'],
  ['/quiz', 'Eliminate distractions and be present again', 'standalone'],
  ['/quiz-results', 'Your personal plan', 'standalone'],
  ['/getting-started', 'Take back your attention, one breath at a time', 'standalone'],
  ['/checkout', 'Start 7-day free trial', 'standalone'],
  ['/webcheckout', 'Please sign in to continue checkout', 'standalone'],
  ['/uninstall-chrome-extension', 'Sorry to see you go', 'standalone'],
  ['/referral-link', "You've been invited to Stillpoint", 'standalone'],
  ['/twopercent', '2% screen time challenge', 'standalone'],
  ['/android', 'Stillpoint for Android', 'standalone'],
  ['/gift', 'Give the gift of Stillpoint', 'standalone'],
  ['/redeem', 'Redeem your gift', 'standalone'],
  ['/mobileDownload', 'Download Stillpoint on mobile', 'standalone'],
];

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/'));
afterEach(() => vi.restoreAllMocks());

describe('routes', () => {
  it('shows an unknown path as not found, where it is, with a way home', async () => {
    const user = userEvent.setup();
    installFakeServer({ signedIn: true });
    const { router } = renderRoute('/no-such-page?x=1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-such-page');
    await waitFor(() => expect(document.title).toBe('Page not found · Stillpoint'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await user.click(screen.getByRole('link', { name: 'Go to Stillpoint' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(pages)('%s shows "%s" in the %s layout', async (path, heading, layout) => {
    // Signed-in pages need a session; the standalone ones are seen signed out (a signed-in
    // person is sent on from /signin).
    installFakeServer({ signedIn: layout === 'signed-in' });
    // Opened as a browser opens it: the document loaded at the page itself.
    vi.spyOn(documentLoad, 'path').mockReturnValue(path);
    const { router } = renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    // Every page has the logo home: in the full header when signed in, else in the brand bar alone.
    expect(screen.getByRole('link', { name: 'Stillpoint home' })).toHaveAttribute('href', '/');
    const menu = screen.queryByRole('button', { name: 'Menu' });
    if (layout === 'signed-in') expect(menu).toBeInTheDocument();
    else expect(menu).not.toBeInTheDocument();
  });

  it('sets the tab title to "<Page> · Stillpoint"', async () => {
    renderRoute('/gift');

    await screen.findByRole('heading', { level: 1, name: 'Give the gift of Stillpoint' });
    await waitFor(() => expect(document.title).toBe('Gift · Stillpoint'));
  });

  it('/signout revokes the session on the server, forgets the token and ends on /signin', async () => {
    const server = installFakeServer({ signedIn: true });
    localStorage.setItem('stillpoint.sessionToken', 'session-token-1');
    sessionStorage.setItem('stillpoint.onboarding.user-1./onboarding', '{"visited":["ASK_HDYH"]}');
    const { router } = renderRoute('/signout');

    expect(await screen.findByRole('heading', { name: 'Sign in or create account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    const [signOut] = server.calls('POST /api/auth/sign-out');
    expect(signOut?.headers.get('Authorization')).toBe('Bearer session-token-1');
    expect(localStorage.getItem('stillpoint.sessionToken')).toBeNull();
    // What the tab kept for that person (here, their place in onboarding) is gone too.
    expect(sessionStorage.length).toBe(0);
  });

  it('/signout from a signed-in page leaves nothing of the old session behind', async () => {
    const user = userEvent.setup();
    installFakeServer({ signedIn: true });
    const { router } = renderRoute('/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Subscription' });

    const [desktopNav] = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
    if (!desktopNav) throw new Error('no navigation');
    await user.click(within(desktopNav).getByRole('link', { name: 'Sign out', hidden: true }));

    expect(await screen.findByRole('heading', { name: 'Sign in or create account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    // Back to a protected page: the guard now sends the visitor to sign in again.
    await act(() => router.navigate('/subscription'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
