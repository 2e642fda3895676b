import { DAY_MS } from '@stillpoint/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeResponse, installFakeServer } from '../../test/fake-server';
import { renderRoute } from '../../test/render-route';
import { MINUTE_MS, serverClock, subscriptionState } from '../../test/subscriptions';
import { useAuth } from '../auth/auth-context';
import { useSubscription } from './use-subscription';

/** Shows the store as a person's page would read it, with its refresh and a sign-out. */
function StoreProbe() {
  const subscription = useSubscription();
  const auth = useAuth();
  return (
    <div>
      <p data-testid="status">{subscription.status}</p>
      <p data-testid="plan">{subscription.state?.name ?? 'none'}</p>
      <p data-testid="badge">{subscription.badge ?? 'no badge'}</p>
      <p data-testid="premium">{subscription.isPremium ? 'premium' : 'not premium'}</p>
      <p data-testid="error">{subscription.error?.message ?? ''}</p>
      <button type="button" onClick={() => void subscription.refresh()}>
        Refresh
      </button>
      <button type="button" onClick={() => void auth.signOut()}>
        Sign out
      </button>
      <button type="button" onClick={() => void auth.refresh()}>
        Read session
      </button>
    </div>
  );
}

/** The store read by `copies` parts of one page, inside the app's real providers. */
function renderStore(copies = 1) {
  const probes = Array.from({ length: copies }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical copies, never reordered.
    <StoreProbe key={index} />
  ));
  return renderRoute('/', [{ path: '*', element: probes }]);
}

const status = () => screen.getAllByTestId('status')[0]?.textContent;
const plan = () => screen.getAllByTestId('plan')[0]?.textContent;

/** A response that waits until the test lets it go. */
function held() {
  let release: (response: FakeResponse) => void = () => undefined;
  const response = new Promise<FakeResponse>((resolve) => {
    release = resolve;
  });
  return { response, release };
}

describe('the subscription store', () => {
  it('is not initialised while nobody is signed in, and asks the server nothing', async () => {
    const server = installFakeServer();
    renderStore();

    await waitFor(() => expect(server.calls('GET /api/auth/get-session').length).toBeGreaterThan(0));
    expect(status()).toBe('notInitialised');
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(0);
  });

  it('is loading during the first fetch, then initialised with the plan', async () => {
    const server = installFakeServer({ signedIn: true });
    const answer = held();
    server.route('GET /api/getSubscriptionState', () => answer.response);
    renderStore();

    await waitFor(() => expect(status()).toBe('loading'));
    act(() =>
      answer.release({ body: { success: true, data: subscriptionState('pro', { isSandbox: true }) } }),
    );

    await waitFor(() => expect(status()).toBe('initialised'));
    expect(plan()).toBe('sandbox premium yearly');
    expect(screen.getAllByTestId('badge')[0]).toHaveTextContent('PRO');
  });

  it('is initialised with no plan for someone who never subscribed', async () => {
    installFakeServer({ signedIn: true });
    renderStore();

    await waitFor(() => expect(status()).toBe('initialised'));
    expect(plan()).toBe('none');
    expect(screen.getAllByTestId('badge')[0]).toHaveTextContent('no badge');
  });

  it('initialises once per person however many parts of the page read it', async () => {
    const server = installFakeServer({ signedIn: true });
    renderStore(3);

    await waitFor(() => expect(status()).toBe('initialised'));
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(1);
  });

  it('skips a refresh while a fetch is running', async () => {
    const user = userEvent.setup();
    const server = installFakeServer({ signedIn: true });
    renderStore();
    await waitFor(() => expect(status()).toBe('initialised'));

    const answer = held();
    server.route('GET /api/getSubscriptionState', () => answer.response);
    const [refresh] = screen.getAllByRole('button', { name: 'Refresh' });
    if (!refresh) throw new Error('no Refresh button');
    await user.click(refresh);
    await user.click(refresh);
    await user.click(refresh);
    act(() => answer.release({ body: { success: true, data: subscriptionState('cardTrial', { days: 1 }) } }));

    await waitFor(() => expect(screen.getAllByTestId('badge')[0]).toHaveTextContent('Trial 1 day left'));
    // The first fetch, then one refresh for the three clicks.
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(2);
  });

  it('is in error, with the reason, when the fetch fails', async () => {
    const server = installFakeServer({ signedIn: true });
    server.route('GET /api/getSubscriptionState', () => ({
      status: 403,
      body: { success: false, code: 'FORBIDDEN', error: 'Not allowed to read that.' },
    }));
    renderStore();

    await waitFor(() => expect(status()).toBe('error'));
    expect(screen.getAllByTestId('error')[0]).toHaveTextContent('Not allowed to read that.');
  });

  it("reads the trial, its days and expiry from the server's answer, never from this page's clock", async () => {
    const server = installFakeServer({ signedIn: true });
    // This page's clock is a minute behind the server's: a trial the server just started for 7
    // days ends 7 days and a minute from this page's now, which its own clock would call 8.
    server.state.subscription = subscriptionState('noCardTrial', { days: 7, now: serverClock(MINUTE_MS) });
    const { unmount } = renderStore();
    await waitFor(() => expect(status()).toBe('initialised'));
    expect(screen.getByTestId('badge')).toHaveTextContent('Trial 7 days left');
    unmount();

    // This page's clock is fast: past the end by its count, while the server still grants a minute.
    server.state.subscription = subscriptionState('pro', {
      days: MINUTE_MS / DAY_MS,
      now: serverClock(-2 * MINUTE_MS),
    });
    renderStore();
    await waitFor(() => expect(status()).toBe('initialised'));
    expect(screen.getByTestId('badge')).toHaveTextContent('PRO');
    expect(screen.getByTestId('premium')).toHaveTextContent(/^premium$/);
  });

  it('resets on sign-out, and the next person starts from a fresh fetch', async () => {
    const user = userEvent.setup();
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    renderStore();
    await waitFor(() => expect(plan()).toBe('premium yearly'));

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(status()).toBe('notInitialised'));
    expect(plan()).toBe('none');
    expect(screen.getAllByTestId('badge')[0]).toHaveTextContent('no badge');

    // Someone signs in again on the same page; nothing of the last plan is reused.
    server.state.subscription = null;
    server.state.signedIn = true;
    await user.click(screen.getByRole('button', { name: 'Read session' }));
    await waitFor(() => expect(status()).toBe('initialised'));
    expect(plan()).toBe('none');
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(2);
  });
});
