import { TERMS_VERSION } from '@stillpoint/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { FAKE_CHECKOUT_URL, subscriptionState } from '../../test/subscriptions';

afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(() => preloadRoutes('/subscription'));

const CHECKOUT = 'GET /api/createStripeCheckoutSessionForSubscription';

describe('the upgrade card’s terms', () => {
  it('says what the chosen plan charges and renews, with the server’s first charge, and sends the terms version', async () => {
    const leave = vi.spyOn(hostedCheckout, 'open').mockImplementation(() => undefined);
    // Someone whose premium has lapsed: no trial left, so the plan is charged today.
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    renderRoute('/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Subscription' }, { timeout: 5000 });

    const terms = await screen.findByText(/It renews every year until you cancel\./);
    const checkoutTerms = server.calls('GET /api/getCheckoutTerms');
    expect(checkoutTerms.length).toBeGreaterThan(0);
    expect(terms).toHaveTextContent(/^\$\d+\.\d{2} a (year|month)/);
    expect(terms).toHaveTextContent('Cancel any time on the Subscription page');
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');

    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(await screen.findByText(/It renews every month until you cancel\./)).toBeInTheDocument();

    const upgrade = screen.getByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());
    fireEvent.click(upgrade);
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    expect(server.calls(CHECKOUT)[0]?.search.get('termsVersion')).toBe(TERMS_VERSION);
  });

  it('says so when the terms changed since the page was loaded', async () => {
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    server.route(CHECKOUT, () => ({
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        error: 'The terms have changed. Reload the page to read them before you continue.',
      },
    }));
    renderRoute('/subscription');
    const upgrade = await screen.findByRole('button', { name: 'Upgrade' }, { timeout: 5000 });
    await waitFor(() => expect(upgrade).toBeEnabled());
    fireEvent.click(upgrade);
    expect(
      await screen.findByText('The terms have changed. Reload the page to read them before you continue.'),
    ).toBeInTheDocument();
  });
});
