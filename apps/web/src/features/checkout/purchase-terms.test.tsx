import { TERMS_VERSION } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentLoad } from '../../app/payment-page-load';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { installFakePayments } from '../../test/fake-payments';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { FAKE_CHECKOUT_URL } from '../../test/subscriptions';

afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(() => preloadRoutes('/checkout', '/webcheckout'));

describe('/checkout’s terms', () => {
  it('says what Start free trial starts, with links to the terms and the privacy policy', async () => {
    installFakeServer();
    renderRoute('/checkout');
    const plan = await screen.findByRole('region', { name: 'Premium, yearly' }, { timeout: 5000 });
    const terms = await within(plan).findByText(/It renews every year until you cancel\./);
    expect(terms).toHaveTextContent(
      /^\$49\.99 a year after your 7-day free trial\. Your first charge is on [A-Z][a-z]+ \d{1,2}, \d{4}\./,
    );
    expect(within(plan).getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms');
    expect(within(plan).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  it('sends the terms version with the checkout it opens', async () => {
    const leave = vi.spyOn(hostedCheckout, 'open').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true });
    renderRoute('/checkout');
    const start = await screen.findByRole('button', { name: 'Start free trial' }, { timeout: 5000 });
    await waitFor(() => expect(start).toBeEnabled());
    await userEvent.setup().click(start);
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    const call = server.calls('GET /api/createStripeCheckoutSessionForSubscription')[0];
    expect(call?.search.get('termsVersion')).toBe(TERMS_VERSION);
  });
});

describe('/webcheckout’s terms', () => {
  it('says the plan is charged today and renews, beside the payment form, and sends the terms version', async () => {
    vi.spyOn(documentLoad, 'path').mockReturnValue('/webcheckout');
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    renderRoute('/webcheckout');
    const terms = await screen.findByText(/It renews every year until you cancel\./, undefined, {
      timeout: 5000,
    });
    expect(terms).toHaveTextContent(/^\$49\.99 a year, charged today\./);
    expect(screen.getByRole('link', { name: /^terms of service/ })).toHaveAttribute('target', '_blank');

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiration date'), '1234');
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Start subscription' }));
    await waitFor(() => expect(server.calls('POST /api/getStripeSubscriptionIntent')).toHaveLength(1));
    expect(server.calls('POST /api/getStripeSubscriptionIntent')[0]?.body).toMatchObject({
      termsVersion: TERMS_VERSION,
    });
  }, 15_000);
});
