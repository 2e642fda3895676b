import { IDEMPOTENCY_KEY_HEADER } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_TOKEN_KEY } from '../../lib/session-token';
import { installAdminServer, makeAdminPerson } from '../../test/admin-server';
import { TEST_TOKEN } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { formatDateTime } from './admin-format';
import { dateInputValue } from './grant-until';

beforeAll(() => preloadRoutes('/admin', '/admin/person'));
beforeEach(() => localStorage.setItem(SESSION_TOKEN_KEY, TEST_TOKEN));

/** Someone whose only premium was a trial that ended. */
const freePerson = () => {
  const person = makeAdminPerson();
  return {
    ...person,
    premium: { active: false, until: null },
    entitlements: person.entitlements.filter((entitlement) => entitlement.source === 'trial'),
    subscriptions: [],
  };
};

const openPerson = async (uid = 'user-2') => {
  const user = userEvent.setup();
  const view = renderRoute(`/admin/person?uid=${uid}`);
  await screen.findByRole('heading', { level: 1, name: '+1 555-555-0123' });
  return { user, ...view };
};

const section = (name: string) => within(screen.getByRole('region', { name }));

describe("a person's page", () => {
  it('shows the account, premium now, each entitlement with its source, payments, gifts, sites', async () => {
    installAdminServer();
    await openPerson();

    const account = section('Account');
    expect(account.getByText('ada@example.com')).toBeInTheDocument();
    expect(account.getByText('Phone number, Google')).toBeInTheDocument();
    expect(screen.getByText('PRO')).toBeInTheDocument();

    const entitlements = within(screen.getByRole('table', { name: 'Entitlements' }));
    expect(entitlements.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Source',
      'Product',
      'Period',
      'Started',
      'Ends',
      'In force',
      'Actions',
    ]);
    expect(entitlements.getByText('Web')).toBeInTheDocument();
    expect(entitlements.getByText('Trial')).toBeInTheDocument();
    // Only a support grant can be revoked here.
    expect(entitlements.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();

    const payments = within(screen.getByRole('table', { name: 'Payments' }));
    expect(payments.getByText('$49.99')).toBeInTheDocument();
    expect(payments.getByText('pi_123')).toBeInTheDocument();

    const codes = section('Gifts bought');
    expect(codes.getByText('ABC234')).toBeInTheDocument();
    expect(codes.getByRole('link', { name: 'user-3' })).toHaveAttribute('href', '/admin/person?uid=user-3');
    expect(codes.getByText('Unused')).toBeInTheDocument();

    expect(section('Sites today').getByText('1 of 3')).toBeInTheDocument();
    expect(section('Audit trail').getByText('No admin has acted on this account yet.')).toBeInTheDocument();
  });

  it('says so for a user id that belongs to no one', async () => {
    installAdminServer();
    renderRoute('/admin/person?uid=gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Person not found' })).toBeInTheDocument();
    expect(screen.getByText(/No one has the user id gone/)).toBeInTheDocument();
  });
});

describe('granting premium', () => {
  it('sends the reason and the end of the chosen day once, then shows the grant and its trace', async () => {
    const server = installAdminServer({ people: [freePerson()] });
    const { user } = await openPerson();
    expect(screen.getByText('Free')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Grant premium' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Grant premium' }));
    const day = dialog.getByLabelText('Premium until');
    const now = new Date();
    const inThirtyDays = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 30);
    expect(day).toHaveValue(dateInputValue(inThirtyDays));

    const chosen = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 45);
    await user.clear(day);
    await user.type(day, dateInputValue(chosen));
    await user.type(dialog.getByLabelText('Reason'), 'Charged twice, makes up for the outage');
    await user.dblClick(dialog.getByRole('button', { name: 'Grant premium' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const until = new Date(chosen.getFullYear(), chosen.getMonth(), chosen.getDate(), 23, 59, 59, 999);
    const sent = server.calls('POST /api/admin/grantPremium');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      uid: 'user-2',
      until: until.toISOString(),
      reason: 'Charged twice, makes up for the outage',
    });
    expect(sent[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f]{32}$/);

    // The page is read again: the new grant, premium now, and the audit trail.
    expect(await screen.findByText('PRO')).toBeInTheDocument();
    expect(screen.getByText(`until ${formatDateTime(until.toISOString())}`)).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Entitlements' })).getByText('Support'),
    ).toBeInTheDocument();
    const trail = within(screen.getByRole('table', { name: 'Audit trail' }));
    expect(trail.getByText('Granted premium')).toBeInTheDocument();
    expect(trail.getByText('Charged twice, makes up for the outage')).toBeInTheDocument();
    expect(
      await screen.findByText(`Premium granted until ${formatDateTime(until.toISOString())}.`),
    ).toBeInTheDocument();
  });

  it('asks for a reason of 3 to 500 characters and sends nothing until there is one', async () => {
    const server = installAdminServer();
    const { user } = await openPerson();
    await user.click(screen.getByRole('button', { name: 'Grant premium' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Grant premium' }));
    const reason = dialog.getByLabelText('Reason');

    await user.click(dialog.getByRole('button', { name: 'Grant premium' }));
    expect(dialog.getByText('Reason is required: say why, in a few words')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await user.type(reason, ' ok ');
    expect(dialog.getByText('Reason is required: say why, in a few words')).toBeInTheDocument();

    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(501));
    expect(dialog.getByText('Reason must be at most 500 characters')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Grant premium' }));
    expect(server.calls('POST /api/admin/grantPremium')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, 'Asked by phone');
    expect(reason).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's refusal in the dialog, which stays open to try again", async () => {
    const server = installAdminServer();
    server.route('POST /api/admin/grantPremium', () => ({
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', error: 'until must be at most 5 years from now.' },
    }));
    const { user } = await openPerson();
    await user.click(screen.getByRole('button', { name: 'Grant premium' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Grant premium' }));
    await user.type(dialog.getByLabelText('Reason'), 'Goodwill after a bug');
    await user.click(dialog.getByRole('button', { name: 'Grant premium' }));

    const alert = await dialog.findByText('until must be at most 5 years from now.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Premium was not granted.');
    expect(dialog.getByRole('button', { name: 'Grant premium' })).toBeEnabled();
  });
});

describe('refunds', () => {
  it('refunds part of a payment in cents and shows what is refunded', async () => {
    const server = installAdminServer();
    const { user } = await openPerson();

    await user.click(screen.getByRole('button', { name: /^Refund the payment of/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund a payment' }));
    const amount = dialog.getByLabelText('Amount to refund (USD)');
    // All that is left, by default.
    expect(amount).toHaveValue('49.99');
    expect(dialog.getByRole('button', { name: 'Refund $49.99' })).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.type(dialog.getByLabelText('Reason'), 'Asked for a partial refund');
    await user.click(dialog.getByRole('button', { name: 'Refund $12.50' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = server.calls('POST /api/admin/refundPayment');
    expect(sent.map((request) => request.body)).toEqual([
      { uid: 'user-2', paymentId: 'pi_123', amountCents: 1250, reason: 'Asked for a partial refund' },
    ]);
    expect(sent[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toBeTruthy();
    const payments = within(screen.getByRole('table', { name: 'Payments' }));
    expect(await payments.findByText('$12.50')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Audit trail' })).getByText('Refunded a payment'),
    ).toBeInTheDocument();
  });

  it('refuses more than is left, and shows the provider refusing', async () => {
    const server = installAdminServer();
    server.route('POST /api/admin/refundPayment', () => ({
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        error: 'The payment provider refused the refund: charge disputed.',
      },
    }));
    const { user } = await openPerson();
    await user.click(screen.getByRole('button', { name: /^Refund the payment of/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund a payment' }));
    const amount = dialog.getByLabelText('Amount to refund (USD)');
    await user.type(dialog.getByLabelText('Reason'), 'Customer asked');

    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(dialog.getByText('At most $49.99 is left to refund.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1,2,3');
    expect(dialog.getByText('Enter an amount like 12.50.')).toBeInTheDocument();
    expect(server.calls('POST /api/admin/refundPayment')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(dialog.getByRole('button', { name: 'Refund $10.00' }));
    expect(
      await dialog.findByText('The payment provider refused the refund: charge disputed.'),
    ).toBeInTheDocument();
    expect(dialog.getByText('The refund was not made.')).toBeInTheDocument();
  });
});

describe('the other actions', () => {
  it('revokes a support grant, the only kind with the button', async () => {
    const person = makeAdminPerson();
    const server = installAdminServer({
      people: [
        {
          ...person,
          entitlements: [
            {
              id: 'ent-support-9',
              productIdentifier: 'premium_support',
              source: 'support',
              periodType: 'normal',
              purchasedAt: '2026-11-01T09:00:00.000Z',
              expiresAt: new Date(Date.now() + 10 * 24 * 60 * 60_000).toISOString(),
              inForce: true,
              sourceRef: null,
              isSandbox: false,
            },
            ...person.entitlements,
          ],
        },
      ],
    });
    const { user } = await openPerson();
    const entitlements = within(screen.getByRole('table', { name: 'Entitlements' }));
    expect(entitlements.getAllByRole('button', { name: 'Revoke' })).toHaveLength(1);

    await user.click(entitlements.getByRole('button', { name: 'Revoke' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke a support grant' }));
    await user.type(dialog.getByLabelText('Reason'), 'Granted to the wrong person');
    await user.click(dialog.getByRole('button', { name: 'Revoke grant' }));

    await waitFor(() =>
      expect(entitlements.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument(),
    );
    expect(server.calls('POST /api/admin/revokeGrant').map((request) => request.body)).toEqual([
      { uid: 'user-2', entitlementId: 'ent-support-9', reason: 'Granted to the wrong person' },
    ]);
  });

  it('resends a gift e-mail', async () => {
    const server = installAdminServer();
    const { user } = await openPerson();
    await user.click(section('Gifts bought').getByRole('button', { name: 'Resend e-mail' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resend a gift e-mail' }));
    expect(dialog.getByText('ada@example.com')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason'), 'Lost the first e-mail');
    await user.click(dialog.getByRole('button', { name: 'Resend e-mail' }));

    expect(await screen.findByText('Gift e-mail sent to ada@example.com.')).toBeInTheDocument();
    expect(server.calls('POST /api/admin/resendGiftEmail').map((request) => request.body)).toEqual([
      { giftPurchaseId: 'gift-1', reason: 'Lost the first e-mail' },
    ]);
  });

  it('deletes the account once DELETE is typed, and goes back to the search', async () => {
    const server = installAdminServer();
    const { user, router } = await openPerson();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the account' }));
    await user.type(dialog.getByLabelText('Reason'), 'Asked by e-mail to delete everything');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(dialog.getByText('Type DELETE, in capitals, to confirm.')).toBeInTheDocument();
    expect(server.calls('POST /api/admin/deleteAccount')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Type DELETE to confirm'));
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Find a person' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(await screen.findByText('Account deleted and its subscription cancelled.')).toBeInTheDocument();
    expect(server.calls('POST /api/admin/deleteAccount').map((request) => request.body)).toEqual([
      { uid: 'user-2', confirm: 'DELETE', reason: 'Asked by e-mail to delete everything' },
    ]);
  });
});
