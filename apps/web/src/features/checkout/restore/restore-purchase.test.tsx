import { DEFAULT_ERROR_MESSAGE } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingPortal } from '../../../lib/subscription/billing-portal';
import { installFakeServer } from '../../../test/fake-server';
import { preloadRoutes } from '../../../test/preload-routes';
import { renderRoute } from '../../../test/render-route';
import { FAKE_PORTAL_URL, subscriptionState } from '../../../test/subscriptions';

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

beforeAll(() => preloadRoutes('/checkout'));

const RESTORE = 'POST /api/requestPurchaseRestore';
type User = ReturnType<typeof userEvent.setup>;

async function openRestore(user: User, path = '/checkout') {
  renderRoute(path);
  await user.click(await screen.findByRole('button', { name: 'Restore purchase' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Restore purchase' });
}

async function toIos(user: User, path?: string) {
  const dialog = await openRestore(user, path);
  await user.click(within(dialog).getByRole('button', { name: 'iPhone or iPad (App Store)' }));
  return screen.findByRole('dialog', { name: 'Restore on iPhone or iPad' });
}

async function toForm(user: User, path?: string) {
  const dialog = await openRestore(user, path);
  await user.click(within(dialog).getByRole('button', { name: 'On the web or somewhere else' }));
  const form = await screen.findByRole('dialog', { name: "Tell us what's missing" });
  return {
    dialog: form,
    text: within(form).getByRole('textbox', { name: 'What happened?' }),
    email: within(form).getByRole('textbox', { name: 'E-mail you bought it with' }),
    send: within(form).getByRole('button', { name: 'Send' }),
  };
}

describe('restore purchase from the App Store', () => {
  it('asks where it was bought, then explains restoring in the iPhone app; Back returns', async () => {
    const user = userEvent.setup();
    const source = await openRestore(user);
    expect(within(source).getByRole('button', { name: 'iPhone or iPad (App Store)' })).toHaveFocus();

    await user.click(within(source).getByRole('button', { name: 'iPhone or iPad (App Store)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Restore on iPhone or iPad' });
    const step = within(dialog).getByRole('region', { name: 'Restore on iPhone or iPad' });
    expect(step).toHaveFocus();
    expect(step).toHaveTextContent('Open the Stillpoint app on your iPhone or iPad.');
    expect(step).toHaveTextContent('Sign in with the same account you use here.');
    expect(step).toHaveTextContent('Go to Settings → Restore Purchases.');
    expect(step).toHaveTextContent(/Premium belongs to your account/);
    // Signed out: no subscription to manage.
    expect(within(dialog).queryByRole('button', { name: /Manage/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Restore purchase' })).toBeInTheDocument();
  });

  it('opens where a signed-in subscriber manages the plan, with a fresh management url', async () => {
    const user = userEvent.setup();
    const leave = vi.spyOn(billingPortal, 'open').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    const dialog = await toIos(user);

    await user.click(await within(dialog).findByRole('button', { name: 'Manage your subscription' }));

    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_PORTAL_URL));
    expect(server.calls('GET /api/getSubscriptionState').length).toBeGreaterThan(1);
  });

  it('logs an error and shows the generic toast when the plan has no management url', async () => {
    const user = userEvent.setup();
    const leave = vi.spyOn(billingPortal, 'open').mockImplementation(() => undefined);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('noCardTrial') });
    const dialog = await toIos(user);

    await user.click(await within(dialog).findByRole('button', { name: 'Manage your subscription' }));

    expect(await screen.findByText(DEFAULT_ERROR_MESSAGE)).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    await waitFor(() =>
      expect(server.calls('POST /api/trackAnalyticsEvent').map((event) => event.body)).toContainEqual(
        expect.objectContaining({
          name: 'error',
          properties: expect.objectContaining({ location: 'restore purchase' }),
        }),
      ),
    );
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Restore on iPhone or iPad' })).toBeInTheDocument();
  });

  it('goes on to the form when it is still missing, and back again', async () => {
    const user = userEvent.setup();
    const dialog = await toIos(user);

    await user.click(within(dialog).getByRole('button', { name: 'Still missing? Tell us' }));

    const form = await screen.findByRole('dialog', { name: "Tell us what's missing" });
    expect(within(form).getByRole('textbox', { name: 'What happened?' })).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Restore on iPhone or iPad' })).toBeInTheDocument();
  });
});

describe('restore purchase from anywhere else', () => {
  it("enables Send only with text and a valid e-mail, sends it, and says we're on it", async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    const { text, email, send } = await toForm(user);
    expect(text).toHaveFocus();
    expect(send).toBeDisabled();

    await user.type(text, 'Paid on the web.');
    expect(send).toBeDisabled();
    await user.type(email, 'buyer@example');
    expect(send).toBeDisabled();
    await user.type(email, '.com');
    expect(send).toBeEnabled();
    await user.clear(text);
    await user.type(text, '   ');
    expect(send).toBeDisabled();
    await user.type(text, 'Still not premium.');
    await user.click(send);

    const done = await screen.findByRole('dialog', { name: "We're on it" });
    expect(within(done).getByText(/We'll e-mail you at/)).toHaveTextContent(
      "We'll e-mail you at buyer@example.com.",
    );
    const step = within(done).getByRole('region', { name: "We're on it" });
    expect(step).toHaveFocus();
    expect(server.calls(RESTORE).map((call) => call.body)).toEqual([
      { content: 'Still not premium.', location: 'checkout', trialEmail: 'buyer@example.com' },
    ]);
    expect(within(done).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await user.click(within(step).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Restore purchase' })).toHaveFocus();
  });

  it('starts from the trialEmail in the address when it is a valid one', async () => {
    const user = userEvent.setup();
    const { email } = await toForm(user, '/checkout?trialEmail=buyer%40example.com');

    expect(email).toHaveValue('buyer@example.com');
  });

  it('ignores a trialEmail that is not an address', async () => {
    const user = userEvent.setup();
    const { email } = await toForm(user, '/checkout?trialEmail=not-an-email');

    expect(email).toHaveValue('');
  });

  it('shows the generic toast when sending fails, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.route(RESTORE, () => ({
      status: 500,
      body: { success: false, code: 'INTERNAL', error: 'The team chat is down.' },
    }));
    const { text, email, send } = await toForm(user);

    await user.type(text, 'Missing premium.');
    await user.type(email, 'buyer@example.com');
    await user.click(send);

    expect(await screen.findByText(DEFAULT_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: "Tell us what's missing" })).toBeInTheDocument();
    expect(text).toHaveValue('Missing premium.');
    expect(email).toHaveValue('buyer@example.com');
    expect(send).toBeEnabled();
  });
});
