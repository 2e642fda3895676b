import { DAY_MS } from '@stillpoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { MINUTE_MS, serverClock, subscriptionState } from '../../test/subscriptions';

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

const EXPIRED = 'Your subscription has expired.';
const toastOf = (text: HTMLElement) => {
  const element = text.closest('[data-testid="expired-notice"]');
  if (!(element instanceof HTMLElement)) throw new Error('not inside the notice');
  return element;
};

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/subscription', '/breathe', '/signout', '/signin'));

describe('the expired toast', () => {
  it('says the subscription has expired, with "Renew premium" to the subscription page', async () => {
    const user = userEvent.setup();
    installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    const { router } = renderRoute('/breathe');

    const notice = toastOf(await screen.findByText(EXPIRED, undefined, { timeout: 5000 }));
    expect(notice).toHaveTextContent(/^Your subscription has expired\. Renew premium$/);
    const link = within(notice).getByRole('link', { name: 'Renew premium' });
    expect(link).toHaveAttribute('href', '/subscription');

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    // Following the link is a click on the toast too, so it goes.
    await waitFor(() => expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument());
  });

  it('on the subscription page, points to its plans instead of linking to the page itself', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    const { router } = renderRoute('/subscription');

    const notice = toastOf(await screen.findByText(EXPIRED, undefined, { timeout: 5000 }));
    expect(notice).toHaveTextContent(
      /^Your subscription has expired\. Choose a plan below to renew premium\.$/,
    );
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();

    // Leaving the page while the toast is up gives it its link back.
    await act(() => router.navigate('/breathe'));
    const link = await screen.findByRole('link', { name: 'Renew premium' });
    expect(link).toHaveAttribute('href', '/subscription');
  }, 15_000);

  it('stays until clicked, then goes, and does not come back on the next page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    const { router } = renderRoute('/subscription');
    const text = await screen.findByText(EXPIRED, undefined, { timeout: 5000 });

    // Far past the 3 s of an ordinary toast.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText(EXPIRED)).toBeInTheDocument();

    await user.click(text);
    await waitFor(() => expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument());

    // Once per load: moving between pages does not raise it again.
    await act(() => router.navigate('/breathe'));
    await act(() => router.navigate('/subscription'));
    await screen.findByRole('heading', { level: 1, name: 'Subscription' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it('can be dismissed from the keyboard', async () => {
    const user = userEvent.setup();
    installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    renderRoute('/subscription');
    const notice = toastOf(await screen.findByText(EXPIRED, undefined, { timeout: 5000 }));

    within(notice).getByRole('button', { name: 'Dismiss' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument());
  });

  it('goes with the person who signs out', async () => {
    const user = userEvent.setup();
    installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    const { router } = renderRoute('/subscription');
    await screen.findByText(EXPIRED, undefined, { timeout: 5000 });

    const [nav] = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
    if (!nav) throw new Error('no navigation');
    await user.click(within(nav).getByRole('link', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument());
  });

  it("is shown when the server says the plan has ended, though this page's slow clock is before the end", async () => {
    installFakeServer({
      signedIn: true,
      subscription: subscriptionState('expired', {
        days: -MINUTE_MS / DAY_MS,
        now: serverClock(2 * MINUTE_MS),
      }),
    });
    renderRoute('/breathe');

    expect(await screen.findByText(EXPIRED, undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it("is not shown while the server grants the plan, though this page's fast clock is past the end", async () => {
    installFakeServer({
      signedIn: true,
      subscription: subscriptionState('pro', { days: MINUTE_MS / DAY_MS, now: serverClock(-2 * MINUTE_MS) }),
    });
    renderRoute('/subscription');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'premium yearly' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The heading is drawn from the same answer the toast reads: once the effects of that render
    // have run, a toast that was going to show would be up.
    await act(async () => {});
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it('is not shown while the plan is in force', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    renderRoute('/subscription');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'premium yearly' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The heading is drawn from the same answer the toast reads: once the effects of that render
    // have run, a toast that was going to show would be up.
    await act(async () => {});
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });
});
