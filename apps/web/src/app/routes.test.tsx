import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/renderRoute';

// SPEC §2's route table, each path with the heading its page shows for now.
const pages: [path: string, heading: string, layout: 'signed-in' | 'standalone'][] = [
  ['/', 'Home', 'signed-in'],
  ['/subscription', 'Subscription', 'signed-in'],
  ['/breathe', 'Breathe', 'signed-in'],
  ['/onboarding', 'Welcome to Stillpoint', 'signed-in'],
  ['/onboarding-ios', 'Welcome to Stillpoint', 'signed-in'],
  ['/signin', 'Sign In or Create Account', 'standalone'],
  ['/quiz', 'Eliminate distractions and be present again', 'standalone'],
  ['/quiz-results', 'Your Personal Plan', 'standalone'],
  ['/getting-started', 'Getting Started', 'standalone'],
  ['/checkout', 'Start 7 Day Free Trial', 'standalone'],
  ['/webcheckout', 'Live Distraction Free', 'standalone'],
  ['/uninstall-chrome-extension', 'Sorry to See You Go', 'standalone'],
  ['/referral-link', "You've Been Invited to Stillpoint", 'standalone'],
  ['/twopercent', '2% Screen Time Challenge', 'standalone'],
  ['/android', 'Stillpoint for Android', 'standalone'],
  ['/gift', 'Give the Gift of Stillpoint', 'standalone'],
  ['/redeem', 'Redeem Your Gift', 'standalone'],
  ['/mobileDownload', 'Download Stillpoint on Mobile', 'standalone'],
];

describe('routes', () => {
  it('sends an unknown path to /', async () => {
    const { router } = renderRoute('/no-such-page?x=1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(pages)('%s shows "%s" in the %s layout', async (path, heading, layout) => {
    const { router } = renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    const header = screen.queryByRole('link', { name: 'Stillpoint' });
    if (layout === 'signed-in') expect(header).toHaveAttribute('href', '/');
    else expect(header).not.toBeInTheDocument();
  });

  it('sets the tab title to "<Page> · Stillpoint"', async () => {
    renderRoute('/gift');

    await screen.findByRole('heading', { level: 1, name: 'Give the Gift of Stillpoint' });
    await waitFor(() => expect(document.title).toBe('Gift · Stillpoint'));
  });

  it('/signout ends on /signin', async () => {
    const { router } = renderRoute('/signout');

    expect(await screen.findByRole('heading', { name: 'Sign In or Create Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });
});
