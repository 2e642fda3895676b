import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { type FakeResponse, installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { FAKE_CHECKOUT_URL } from '../../test/subscriptions';

afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(() => preloadRoutes('/gift'));

const CHECKOUT = 'POST /api/createStripeCheckoutSessionForGift';

describe('Buy gift, once per click', () => {
  it('sends one request for a double click, with an Idempotency-Key, and is busy meanwhile', async () => {
    const leave = vi.spyOn(hostedCheckout, 'open').mockImplementation(() => undefined);
    const server = installFakeServer();
    let answer: (response: FakeResponse) => void = () => undefined;
    server.route(CHECKOUT, () => new Promise((resolve) => (answer = resolve)));
    renderRoute('/gift');
    expect(await screen.findByText('1 year for $49.99', {}, { timeout: 5000 })).toBeInTheDocument();
    const buy = screen.getByRole('button', { name: 'Buy gift' });

    // Both clicks land before the page has drawn the button busy.
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(buy).toHaveAttribute('aria-busy', 'true'));
    expect(buy).toBeDisabled();

    act(() => answer({ body: { success: true, data: { url: FAKE_CHECKOUT_URL } } }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    expect(leave).toHaveBeenCalledTimes(1);
    const calls = server.calls(CHECKOUT);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });
});
