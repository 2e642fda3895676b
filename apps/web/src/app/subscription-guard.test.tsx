import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS } from '../lib/api';
import { type FakeResponse, installFakeServer } from '../test/fake-server';
import { preloadRoutes } from '../test/preload-routes';
import { renderRoute } from '../test/render-route';
import { subscriptionState } from '../test/subscriptions';

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

const pageHeading = () => screen.queryByRole('heading', { level: 1, name: 'Subscription' });

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/subscription'));

describe('RequireSubscription', () => {
  it('shows a spinner while the subscription loads, then the page', async () => {
    const server = installFakeServer({ signedIn: true });
    let answer: (response: FakeResponse) => void = () => undefined;
    server.route(
      'GET /api/getSubscriptionState',
      () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
    );
    renderRoute('/subscription');

    expect(await screen.findByRole('status', { name: 'Loading your subscription' })).toBeInTheDocument();
    expect(pageHeading()).not.toBeInTheDocument();
    // The header is already there; only the page waits.
    expect(screen.getByRole('link', { name: 'Stillpoint home' })).toBeInTheDocument();

    // The request must have reached the server before it can be answered.
    await waitFor(() => expect(server.calls('GET /api/getSubscriptionState').length).toBeGreaterThan(0));
    act(() => answer({ body: { success: true, data: subscriptionState('pro') } }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'premium yearly' })).toBeInTheDocument();
  });

  it('says "Failed to fetch subscription state" when the fetch fails, and opens the page anyway', async () => {
    const user = userEvent.setup();
    const server = installFakeServer({ signedIn: true });
    server.route('GET /api/getSubscriptionState', () => ({
      status: 503,
      body: { success: false, code: 'UNAVAILABLE', error: 'The server is busy.' },
    }));
    renderRoute('/subscription');

    // 5xx answers are retried twice first (about 3 s).
    const toastText = await screen.findByText('Failed to fetch subscription state', undefined, {
      timeout: 6000,
    });
    expect(toastText.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(3);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load your subscription.")).toBeInTheDocument();
    expect(pageHeading()).toBeInTheDocument();

    // The page's retry gets through once the server is back.
    server.state.subscription = subscriptionState('pro');
    server.route('GET /api/getSubscriptionState', () => ({
      body: { success: true, data: server.state.subscription },
    }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'premium yearly' })).toBeInTheDocument();
  }, 15_000);

  it('opens the pages, saying the fetch failed, when the server never answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeServer({ signedIn: true });
    server.route('GET /api/getSubscriptionState', () => new Promise<FakeResponse>(() => undefined));
    renderRoute('/subscription');
    expect(await screen.findByRole('status', { name: 'Loading your subscription' })).toBeInTheDocument();

    // Each try gives up after API_TIMEOUT_MS like an offline one; the query tries three times,
    // a second and then two apart.
    await act(() => vi.advanceTimersByTimeAsync(3 * API_TIMEOUT_MS + 4000));

    expect(await screen.findByText('Failed to fetch subscription state')).toBeInTheDocument();
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(3);
    expect(screen.queryByRole('status', { name: 'Loading your subscription' })).not.toBeInTheDocument();
    expect(pageHeading()).toBeInTheDocument();
    expect(
      within(await screen.findByRole('alert')).getByText(/Could not reach Stillpoint/),
    ).toBeInTheDocument();
  });
});
