import {
  type Account,
  type AccountExport,
  authErrorMessages,
  type DeleteAccountResponse,
} from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_TOKEN_KEY } from '../../lib/session-token';
import { type FakeResponse, installFakeServer, TEST_TOKEN, TEST_USER } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { subscriptionState } from '../../test/subscriptions';

const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });

const phoneAccount: Account = {
  uid: TEST_USER.uid,
  phoneNumber: TEST_USER.phoneNumber,
  email: null,
  signInMethods: ['PHONE_NUMBER'],
  createdAt: '2026-03-04T10:00:00.000Z',
  freshSignInUntil: null,
};

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

const deleted: DeleteAccountResponse = {
  deleted: true,
  subscription: { cancelled: false, refunded: false, cancelInStore: 'app_store' },
};

/** A signed-in person with this account; the deletion answers as the server does. */
function serveAccount(account: Account, options: Parameters<typeof installFakeServer>[0] = {}) {
  const server = installFakeServer({ signedIn: true, ...options });
  const current = { account };
  localStorage.setItem(SESSION_TOKEN_KEY, TEST_TOKEN);
  server.route('GET /api/getAccount', () => ok(current.account));
  // The fake's verify signs in anew: from then on the sign-in is fresh, as the server's would be.
  server.route('POST /api/auth/phone-number/verify', ({ body }) => {
    if ((body as { code?: string }).code !== server.state.code) {
      return { status: 400, body: { code: 'INVALID_OTP', message: 'Invalid OTP' } };
    }
    current.account = { ...current.account, freshSignInUntil: inTenMinutes() };
    return { body: { status: true, token: 'fresh-token' }, headers: { 'set-auth-token': 'fresh-token' } };
  });
  server.route('POST /api/deleteAccount', () =>
    current.account.freshSignInUntil
      ? ok(deleted)
      : {
          status: 403,
          body: { success: false, code: 'FORBIDDEN', error: 'Sign in again to delete your account.' },
        },
  );
  return { server, current };
}

const pageReady = () => screen.findByRole('heading', { level: 1, name: 'Account' }, { timeout: 5000 });
const details = async () => within(await screen.findByRole('region', { name: 'Your details' }));

beforeAll(() => preloadRoutes('/account', '/account/deleted'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('details', () => {
  it('shows the number as people write it, how the account signs in, and the plan', async () => {
    serveAccount(phoneAccount, { subscription: subscriptionState('pro') });
    renderRoute('/account');
    await pageReady();

    const shown = await details();
    expect(shown.getByText('+1 555 555 0100')).toBeInTheDocument();
    expect(shown.getByText('Phone number', { selector: 'dd' })).toBeInTheDocument();
    expect(shown.getByText('March 4, 2026')).toBeInTheDocument();
    expect(await shown.findByText('premium yearly')).toBeInTheDocument();
    expect(shown.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', '/subscription');
  });

  it('shows the e-mail and the providers of an account without a phone', async () => {
    serveAccount({
      ...phoneAccount,
      phoneNumber: null,
      email: 'ada@example.com',
      signInMethods: ['GOOGLE', 'APPLE'],
    });
    renderRoute('/account');

    const shown = await details();
    expect(shown.getByText('ada@example.com')).toBeInTheDocument();
    expect(shown.getByText('Google, Apple')).toBeInTheDocument();
    expect(shown.queryByText('Phone number')).not.toBeInTheDocument();
    expect(await shown.findByText("You don't have an active subscription")).toBeInTheDocument();
  });
});

describe('download my data', () => {
  const exported: AccountExport = {
    readme: {
      about: 'A copy of everything Stillpoint keeps about you.',
      privacyPolicy: 'http://localhost/privacy',
      tables: { browser_site: 'Your sites' },
    },
    exportedAt: '2026-11-29T21:00:00.000Z',
    format: 1,
    uid: TEST_USER.uid,
    data: { browser_site: [{ siteOrigin: 'https://news.example' }] },
  };

  it('saves the export as a dated JSON file, one request per click', async () => {
    const { server } = serveAccount(phoneAccount);
    // Held until both clicks are in, so the second lands while the first is on its way.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.route('GET /api/exportAccount', async () => {
      await answered;
      return ok(exported);
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderRoute('/account');
    await pageReady();

    const button = screen.getByRole('button', { name: 'Download my data' });
    await user.dblClick(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer();

    expect(await screen.findByText(/^Saved stillpoint-data-\d{4}-\d{2}-\d{2}\.json\.$/)).toBeInTheDocument();
    expect(server.calls('GET /api/exportAccount')).toHaveLength(1);
    expect(names).toEqual([expect.stringMatching(/^stillpoint-data-\d{4}-\d{2}-\d{2}\.json$/)]);
    const [blob] = blobs;
    if (!blob) throw new Error('no file was made');
    expect(JSON.parse(await blob.text())).toEqual(exported);
  });

  it('says so when the export fails', async () => {
    const { server } = serveAccount(phoneAccount);
    server.route('GET /api/exportAccount', () => ({
      status: 500,
      body: { success: false, code: 'INTERNAL', error: 'Something went wrong on our side.' },
    }));
    const user = userEvent.setup();
    renderRoute('/account');
    await pageReady();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const alert = await screen.findByText("We couldn't prepare your data.");
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});

describe('delete my account', () => {
  it('asks a phone account for a fresh code, refuses a wrong one, then deletes and says so', async () => {
    const { server } = serveAccount(phoneAccount);
    const user = userEvent.setup();
    const { router } = renderRoute('/account');
    await pageReady();
    await details();

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    expect(within(dialog).getByText('+1 555 555 0100')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    const code = await within(dialog).findByLabelText('Confirmation code');
    expect(code).toHaveFocus();
    expect(server.calls('POST /api/auth/phone-number/send-otp').map((call) => call.body)).toEqual([
      { phoneNumber: TEST_USER.phoneNumber },
    ]);

    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const wrong = await within(dialog).findByText(authErrorMessages.invalidCode);
    expect(wrong.closest('[role="alert"]')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST /api/deleteAccount')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, server.state.code);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    // The new session's token is kept as a sign-in keeps it.
    await within(dialog).findByText(/This deletes the account/);
    // Focus moves on to the last step, onto the choice that deletes nothing.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus(),
    );
    expect(localStorage.getItem(SESSION_TOKEN_KEY)).toBe('fresh-token');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is deleted' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Cancel your App Store subscription in the App Store/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/deleted');
    expect(server.calls('POST /api/deleteAccount').map((call) => call.body)).toEqual([{ confirm: 'DELETE' }]);
    // Signed out here as sign-out does it.
    await waitFor(() => expect(localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull());
    expect(server.calls('POST /api/auth/sign-out')).toHaveLength(1);
  });

  it('goes straight to the last step right after a sign-in', async () => {
    const { server } = serveAccount({ ...phoneAccount, freshSignInUntil: inTenMinutes() });
    const user = userEvent.setup();
    renderRoute('/account');
    await details();

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    expect(within(dialog).queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /api/deleteAccount')).toHaveLength(0);
  });

  it('asks for a sign-in when the server finds the sign-in no longer fresh', async () => {
    const { server, current } = serveAccount({ ...phoneAccount, freshSignInUntil: inTenMinutes() });
    const user = userEvent.setup();
    renderRoute('/account');
    await details();
    // The sign-in went stale on the server while the page was open.
    current.account = { ...phoneAccount, freshSignInUntil: null };

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText('Sign in again to delete your account.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(server.calls('POST /api/deleteAccount')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Your account is deleted' })).not.toBeInTheDocument();
  });

  it('offers the provider to a Google account, and opens at the last step when back signed in', async () => {
    const google: Account = {
      ...phoneAccount,
      phoneNumber: null,
      email: 'ada@example.com',
      signInMethods: ['GOOGLE'],
    };
    serveAccount(google);
    const user = userEvent.setup();
    const first = renderRoute('/account');
    await details();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    expect(
      within(dialog).getByRole('button', { name: 'Continue with Google to confirm' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    first.unmount();

    // Back from Google with a new session: the return path reopens the dialog at the last step.
    serveAccount({ ...google, freshSignInUntil: inTenMinutes() });
    renderRoute('/account?confirm=delete');
    const back = await screen.findByRole('dialog', { name: 'Delete your account' });
    expect(await within(back).findByText('ada@example.com')).toBeInTheDocument();
    expect(within(back).getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
  });

  it('sends anyone who arrives at the done page without a deletion home', async () => {
    installFakeServer({ signedIn: true });
    const { router } = renderRoute('/account/deleted');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/account/deleted'));
  });
});
