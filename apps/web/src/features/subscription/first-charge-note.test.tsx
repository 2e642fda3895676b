import { chargeDate, DAY_MS, TRIAL_CREDIT_MARGIN_MS } from '@stillpoint/core';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { subscriptionState } from '../../test/subscriptions';

beforeAll(() => preloadRoutes('/subscription'));

const HOUR_MS = 3_600_000;
const note = () => screen.findByText(/due today/i);

describe("the upgrade card's first charge, as checkout will charge it", () => {
  it('on the no-card trial: the trial carries over, nothing is due today, and the first charge is when it ends', async () => {
    const state = subscriptionState('noCardTrial', { days: 5 });
    const ends = new Date(state.subscriber.entitlements.premium?.expires_date ?? '');
    installFakeServer({ signedIn: true, subscription: state, trialUsed: true });
    renderRoute('/subscription');

    // Rounded up to the provider's whole second, which never moves the day.
    const day = chargeDate(new Date(Math.ceil(ends.getTime() / 1000) * 1000));
    expect(await note()).toHaveTextContent(
      `Your free trial carries over: nothing is due today. Your first charge is on ${day}: $49.99 for Annual or $6.99 for Monthly.`,
    );
    expect(screen.getByRole('region', { name: 'Keep Premium after your trial' })).toBeInTheDocument();
  });

  it('with under 48 hours of the trial left: nothing carries over, and the page says what is due today', async () => {
    const hours = (47 * HOUR_MS + TRIAL_CREDIT_MARGIN_MS) / DAY_MS;
    installFakeServer({
      signedIn: true,
      subscription: subscriptionState('noCardTrial', { days: hours }),
      trialUsed: true,
    });
    renderRoute('/subscription');

    expect(await note()).toHaveTextContent(
      'Your free trial ends in less than 2 days, too soon to carry over, so a plan starts today: $49.99 for Annual or $6.99 for Monthly, due today.',
    );
  });

  it('for someone whose plan ended: the price, due today', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('expired'), trialUsed: true });
    renderRoute('/subscription');
    expect(await note()).toHaveTextContent('Due today: $49.99 for Annual or $6.99 for Monthly.');
  });

  it('for someone who never had a trial: the free days first, then the first charge', async () => {
    installFakeServer({ signedIn: true });
    renderRoute('/subscription');
    const day = chargeDate(new Date(Date.now() + 7 * DAY_MS));
    expect(await note()).toHaveTextContent(
      `Your free trial comes first: nothing is due today. Your first charge is on ${day}: $49.99 for Annual or $6.99 for Monthly.`,
    );
  });

  it('is not shown to someone who already pays', async () => {
    installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    renderRoute('/subscription');
    expect(await screen.findByRole('region', { name: 'premium yearly' })).toBeInTheDocument();
    expect(screen.queryByText(/due today/i)).not.toBeInTheDocument();
  });
});
