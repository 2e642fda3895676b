import { DAY_MS } from '@stillpoint/core';
import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { MINUTE_MS, type PlanKind, serverClock, subscriptionState } from '../../test/subscriptions';

afterEach(() => {
  toast.dismiss();
});

/** Opens a signed-in page for someone on `kind` and returns the header once the page is there. */
async function headerFor(kind: PlanKind | null, days?: number) {
  installFakeServer({ signedIn: true, subscription: kind ? subscriptionState(kind, { days }) : null });
  renderRoute('/subscription');
  await screen.findByRole('heading', { level: 1, name: 'Subscription' }, { timeout: 5000 });
  return within(screen.getByRole('banner'));
}

// The pages' code loads once up front, so no test is timed on compiling it.
beforeAll(() => preloadRoutes('/subscription'));

describe('the subscription badge', () => {
  it.each([
    ['pro', undefined, 'PRO'],
    ['noCardTrial', 7, 'Trial 7 days left'],
    ['cardTrial', 3, 'Trial 3 days left'],
    ['noCardTrial', 1, 'Trial 1 day left'],
    ['expired', undefined, 'Subscription expired'],
    ['lifetime', undefined, 'PRO'],
  ] as const)('reads %s (%s days) as "%s", in the header at every width', async (kind, days, text) => {
    const header = await headerFor(kind, days);

    const badge = await header.findByTestId('subscription-badge');
    expect(badge).toHaveTextContent(new RegExp(`^${text}$`));
    // Not inside the collapsible menu or the desktop-only navigation.
    expect(badge.closest('nav')).toBeNull();
    expect(badge).toBeVisible();
    // Screen readers hear what the badge is about; it leads to the subscription page.
    expect(header.getByRole('link', { name: `Subscription: ${text}` })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  // The server's flags decide; this page's clock may be off either way.
  it.each([
    [
      'a clock a minute behind the server, on a 7-day trial the server just started',
      subscriptionState('noCardTrial', { days: 7, now: serverClock(MINUTE_MS) }),
      'Trial 7 days left',
    ],
    [
      'a fast clock, past the end of a trial the server still grants',
      subscriptionState('cardTrial', { days: MINUTE_MS / DAY_MS, now: serverClock(-2 * MINUTE_MS) }),
      'Trial 1 day left',
    ],
    [
      'a slow clock, before the end of a plan the server says has ended',
      subscriptionState('expired', { days: -MINUTE_MS / DAY_MS, now: serverClock(2 * MINUTE_MS) }),
      'Subscription expired',
    ],
  ])("shows the server's answer on %s", async (_, subscription, text) => {
    installFakeServer({ signedIn: true, subscription });
    renderRoute('/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Subscription' }, { timeout: 5000 });

    const badge = await within(screen.getByRole('banner')).findByTestId('subscription-badge');
    expect(badge).toHaveTextContent(new RegExp(`^${text}$`));
  });

  it('is absent without a subscription', async () => {
    const header = await headerFor(null);

    expect(screen.getByText("You don't have an active subscription")).toBeInTheDocument();
    expect(header.queryByTestId('subscription-badge')).not.toBeInTheDocument();
    expect(header.queryByRole('link', { name: /^Subscription:/ })).not.toBeInTheDocument();
  });
});
