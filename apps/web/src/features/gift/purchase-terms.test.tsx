import { TERMS_VERSION } from '@stillpoint/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { FAKE_CHECKOUT_URL } from '../../test/subscriptions';

afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(() => preloadRoutes('/gift'));

const CHECKOUT = 'POST /api/createStripeCheckoutSessionForGift';

describe('/gift’s terms', () => {
  it('says the gift is one payment of the total that does not renew, and sends the terms version', async () => {
    const leave = vi.spyOn(hostedCheckout, 'open').mockImplementation(() => undefined);
    const server = installFakeServer();
    server.route(CHECKOUT, () => ({ body: { success: true, data: { url: FAKE_CHECKOUT_URL } } }));
    renderRoute('/gift');
    expect(
      await screen.findByText(/One payment of \$49\.99; it does not renew\./, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'One gift more' }));
    expect(await screen.findByText(/One payment of \$99\.98; it does not renew\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy gift' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    expect(server.calls(CHECKOUT)[0]?.body).toMatchObject({ quantity: 2, termsVersion: TERMS_VERSION });
  });
});
