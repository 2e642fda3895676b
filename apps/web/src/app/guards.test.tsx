import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FakeResponse, installFakeServer } from '../test/fake-server';
import { preloadRoutes } from '../test/preload-routes';
import { renderRoute } from '../test/render-route';

/** Signs in through the phone form with the fake server's code. */
async function signInByPhone() {
  const user = userEvent.setup();
  const phone = await screen.findByLabelText('Phone number');
  await user.type(phone, '2133734253');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText('Confirmation code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/signin', '/subscription', '/onboarding'));

describe('RequireAuth', () => {
  it('shows a full-screen spinner while the session loads', async () => {
    const server = installFakeServer();
    server.route('GET /api/auth/get-session', () => new Promise<FakeResponse>(() => undefined));

    renderRoute('/subscription');

    // The route's own loading spinner can give way to the guard's while this looks: either will do.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Subscription' })).not.toBeInTheDocument();
    // The tab says so too, rather than keeping the name of the page before.
    await waitFor(() => expect(document.title).toBe('Loading · Stillpoint'));
  });

  it('renders the page for a signed-in person', async () => {
    installFakeServer({ signedIn: true });
    const { router } = renderRoute('/subscription');

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('sends a signed-out visitor to /signin with the query, then back to the page after sign-in', async () => {
    installFakeServer();
    const { router } = renderRoute('/subscription?stripe_success=1#plans');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in or create account' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('?stripe_success=1');

    await signInByPhone();

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
    expect(router.state.location.search).toBe('?stripe_success=1');
    expect(router.state.location.hash).toBe('#plans');
  });

  it('remembers nothing for /, so sign-in goes on to onboarding', async () => {
    installFakeServer();
    const { router } = renderRoute('/?ref=newsletter');

    await screen.findByRole('heading', { level: 1, name: 'Sign in or create account' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('?ref=newsletter');

    await signInByPhone();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'What brings you to Stillpoint?' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });
});
