import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { type FakeResponse, installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { FAKE_CHECKOUT_URL, subscriptionState } from '../../test/subscriptions';

afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(() => preloadRoutes('/subscription'));

const CHECKOUT = 'GET /api/createStripeCheckoutSessionForSubscription';

describe('upgrade, once per click', () => {
  it('asks for one checkout session for a double click, with an Idempotency-Key', async () => {
    const leave = vi.spyOn(hostedCheckout, 'open').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('expired') });
    let answer: (response: FakeResponse) => void = () => undefined;
    server.route(CHECKOUT, () => new Promise((resolve) => (answer = resolve)));
    renderRoute('/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Subscription' }, { timeout: 5000 });
    const upgrade = screen.getByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toBeEnabled());

    fireEvent.click(upgrade);
    fireEvent.click(upgrade);
    await waitFor(() => expect(upgrade).toHaveAttribute('aria-busy', 'true'));
    expect(upgrade).toBeDisabled();

    act(() => answer({ body: { success: true, data: { url: FAKE_CHECKOUT_URL } } }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    const calls = server.calls(CHECKOUT);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });
});
