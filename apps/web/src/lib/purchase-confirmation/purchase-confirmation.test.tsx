import { chargeDate } from '@stillpoint/core';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDashboardServer } from '../../test/dashboard-server';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { purchaseSummaryOf } from '../../test/purchases';
import { renderRoute } from '../../test/render-route';
import { subscriptionState } from '../../test/subscriptions';
import { SUMMARY_ATTEMPTS, SUMMARY_INTERVAL_MS } from './use-purchase-summary';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

beforeAll(() => preloadRoutes('/onboarding'));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const confirmation = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });
const lines = (region: HTMLElement) =>
  within(region)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('the confirmation after a purchase or a trial start', () => {
  it('confirms the no-card trial onboarding starts: when it ends, that nothing is charged, nothing to cancel', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const server = installDashboardServer();
    const trial = subscriptionState('noCardTrial', { days: 7 });
    let started = false;
    server.route('POST /api/startFreeTrial', () => {
      started = true;
      return { body: { success: true, data: { startedTrial: true } } };
    });
    server.route('GET /api/getPurchaseSummary', () => ({
      body: { success: true, data: started ? purchaseSummaryOf(trial) : null },
    }));
    renderRoute('/onboarding');

    const region = await confirmation('Your free trial has started');
    const ends = chargeDate(new Date(trial.subscriber.entitlements.premium?.expires_date ?? ''));
    expect(lines(region)).toEqual([
      'Started: Free trial of Stillpoint Premium',
      `Trial ends: ${ends}`,
      'First charge: None: no card is on file, so nothing is charged',
      'To cancel: Nothing to cancel: the trial ends by itself. To keep Premium after it, choose a plan.',
    ]);
  });

  it('confirms a plan bought at checkout on onboarding, from what the server recorded, not the address', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const plan = subscriptionState('cardTrial', { days: 7 });
    const server = installDashboardServer({ subscription: plan });
    renderRoute('/onboarding?stripe_success=true');

    const region = await confirmation('Your Premium trial has started');
    const ends = chargeDate(new Date(plan.subscriber.entitlements.premium?.expires_date ?? ''));
    expect(lines(region)).toEqual([
      'Bought: Stillpoint Premium, billed yearly at $49.99',
      `Free trial ends: ${ends}`,
      `First charge: $49.99 on ${ends}, then every year`,
      `To cancel: Open Manage subscription on your Subscription page and cancel before ${ends}: nothing is charged.`,
    ]);
    expect(server.calls('POST /api/startFreeTrial')).toHaveLength(0);
  });

  it('waits for a purchase the provider has not reported yet, then says it may take a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeServer({ signedIn: true });
    renderRoute('/subscription?stripe_success=true');
    expect(await screen.findByRole('status', { name: 'Confirming your purchase' })).toBeInTheDocument();

    // The plan's event arrives: the next ask finds it.
    server.state.subscription = subscriptionState('pro');
    await act(() => vi.advanceTimersByTimeAsync(SUMMARY_INTERVAL_MS * 2));
    const region = await confirmation('Thank you for going Premium');
    expect(within(region).getByText('Paid')).toBeInTheDocument();
    expect(server.calls('GET /api/getPurchaseSummary').length).toBeLessThanOrEqual(SUMMARY_ATTEMPTS + 1);
  });
});
