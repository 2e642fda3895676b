import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_APP_LINKS, type FakeResponse, installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { subscriptionState } from '../../test/subscriptions';

afterEach(() => vi.restoreAllMocks());

beforeAll(() => preloadRoutes('/redeem', '/subscription'));

const REDEEM = 'POST /api/redeemCode';
const PREMIUM_UNTIL = '2027-03-14T12:00:00.000Z';
const USED_MESSAGE = 'This code has already been redeemed.';

const pageReady = () =>
  screen.findByRole('heading', { level: 1, name: 'Redeem your gift' }, { timeout: 5000 });
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const codeField = () => screen.findByRole('textbox', { name: 'Gift code' });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const currentStep = () =>
  within(screen.getByRole('list', { name: 'Redeem steps' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

/** The server's redeemCode: K7M2PQ redeems once and makes the person premium; anything else is unknown. */
function redeemServer({ signedIn = true }: { signedIn?: boolean } = {}) {
  const server = installFakeServer({ signedIn });
  let used = false;
  server.route(REDEEM, ({ body }) => {
    const code = (body as { redemptionCode: string }).redemptionCode;
    if (code !== 'K7M2PQ' || used) {
      return {
        status: 400,
        body: {
          success: false,
          code: 'BAD_REQUEST',
          error: used ? USED_MESSAGE : 'That code is not a gift code.',
        },
      };
    }
    used = true;
    server.state.subscription = subscriptionState('pro');
    return { body: { success: true, data: { premiumUntil: PREMIUM_UNTIL } } };
  });
  return server;
}

describe('step 0', () => {
  it('explains the gift and when to redeem it, then Get started moves to step 1', async () => {
    const user = userEvent.setup();
    redeemServer();
    const { router } = renderRoute('/redeem');
    await pageReady();

    expect(await stepHeading("You've been gifted a 1 year subscription")).toBeInTheDocument();
    expect(
      screen.getByText(/Wait until your current subscription expires before you redeem/),
    ).toBeInTheDocument();
    expect(currentStep()).toBe('Your gift');
    expect(screen.queryByRole('textbox', { name: 'Gift code' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get started' }));

    const field = await codeField();
    await waitFor(() => expect(field).toHaveFocus());
    expect(router.state.location.search).toBe('?step=1');
    expect(currentStep()).toMatch(/^Your code/);

    // Back returns to the explanation.
    await act(() => router.navigate(-1));
    const intro = await stepHeading("You've been gifted a 1 year subscription");
    await waitFor(() => expect(intro).toHaveFocus());
  });
});

describe('step 1, signed out', () => {
  it('asks a new visitor to sign in at once, while the session is being checked', async () => {
    const server = redeemServer({ signedIn: false });
    server.route('GET /api/auth/get-session', () => new Promise(() => undefined));
    renderRoute('/redeem?step=1');

    expect(await stepHeading('Sign in to redeem your gift')).toBeInTheDocument();
    expect(
      screen.queryByRole('status', { name: "Checking whether you're signed in" }),
    ).not.toBeInTheDocument();
  });

  it('shows the sign-in methods, and a sign-in that leaves the page comes back to step 1', async () => {
    const user = userEvent.setup();
    const server = redeemServer({ signedIn: false });
    // A phone-sized screen: Google's sign-in leaves this window and comes back to callbackURL.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    server.route('POST /api/auth/sign-in/social', () => ({
      body: { url: 'http://localhost/api/dev-idp/google/auth?client_id=x', redirect: false },
    }));
    renderRoute('/redeem?redemptionCode=K7M2PQ');
    await pageReady();

    await user.click(await screen.findByRole('button', { name: 'Get started' }));

    const heading = await stepHeading('Sign in to redeem your gift');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByLabelText('Phone number', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Gift code' })).not.toBeInTheDocument();

    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    await user.click(google);
    await waitFor(() => expect(server.calls('POST /api/auth/sign-in/social')).toHaveLength(1));
    expect(server.calls('POST /api/auth/sign-in/social')[0]?.body).toMatchObject({
      callbackURL: '/redeem?step=1&redemptionCode=K7M2PQ',
    });
  });

  it('signs in on the page and goes on to the code, on the same step', async () => {
    const user = userEvent.setup();
    redeemServer({ signedIn: false });
    const { router } = renderRoute('/redeem?step=1&redemptionCode=k7m2pq');
    await pageReady();

    await user.type(await screen.findByLabelText('Phone number', {}, { timeout: 5000 }), '5555550100');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const field = await codeField();
    await waitFor(() => expect(field).toHaveFocus());
    // The code the address carried is filled in, upper-cased.
    expect(field).toHaveValue('K7M2PQ');
    expect(
      screen.getByText(`Premium goes to the account you're signed in with: +1 555-555-0100.`),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/redeem');
  });
});

describe('step 1, signed in', () => {
  it('upper-cases what is typed, keeps 6 characters and enables Continue only then', async () => {
    const user = userEvent.setup();
    redeemServer();
    renderRoute('/redeem?step=1');
    await pageReady();
    const field = await codeField();

    expect(continueButton()).toBeDisabled();
    await user.type(field, 'k7m');
    expect(field).toHaveValue('K7M');
    expect(continueButton()).toBeDisabled();
    await user.type(field, '2pqxyz');
    expect(field).toHaveValue('K7M2PQ');
    expect(continueButton()).toBeEnabled();
    await user.keyboard('{Backspace}');
    expect(continueButton()).toBeDisabled();
  });

  it("shows the server's refusal in red, and a new code clears it", async () => {
    const user = userEvent.setup();
    const server = redeemServer();
    renderRoute('/redeem?step=1');
    await pageReady();
    const field = await codeField();

    await user.type(field, 'abc123{Enter}');

    const error = await screen.findByText('That code is not a gift code.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveClass('text-danger');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(server.calls(REDEEM)[0]?.body).toEqual({ redemptionCode: 'ABC123' });
    expect(screen.queryByText('Code redeemed!')).not.toBeInTheDocument();

    await user.keyboard('{Backspace}');
    expect(screen.queryByText('That code is not a gift code.')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('is busy while the server answers', async () => {
    const user = userEvent.setup();
    const server = redeemServer();
    let answer: (response: FakeResponse) => void = () => undefined;
    server.route(REDEEM, () => new Promise<FakeResponse>((resolve) => (answer = resolve)));
    renderRoute('/redeem?step=1');
    await pageReady();

    await user.type(await codeField(), 'k7m2pq');
    await user.click(continueButton());

    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAttribute('aria-busy', 'true');
    await user.click(continueButton());
    expect(server.calls(REDEEM)).toHaveLength(1);
    // The request must have reached the server before it can be answered.
    await waitFor(() => expect(server.calls(REDEEM).length).toBeGreaterThan(0));
    act(() => answer({ body: { success: true, data: { premiumUntil: PREMIUM_UNTIL } } }));
    expect(await stepHeading('Code redeemed!')).toBeInTheDocument();
  });
});

describe('step 2', () => {
  it('says the code is redeemed, with the store badges and the sign-in reminder', async () => {
    const user = userEvent.setup();
    const server = redeemServer();
    renderRoute('/redeem?step=1');
    await pageReady();

    await user.type(await codeField(), 'k7m2pq');
    await user.click(continueButton());

    const heading = await stepHeading('Code redeemed!');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(server.calls(REDEEM)[0]?.body).toEqual({ redemptionCode: 'K7M2PQ' });
    expect(currentStep()).toBe('Done');
    expect(screen.getByText('You have Stillpoint Premium until March 14, 2027.')).toBeInTheDocument();
    const badges = await screen.findByRole('list', { name: 'Get Stillpoint on your phone' });
    expect(within(badges).getByRole('link', { name: /App Store/ })).toHaveAttribute(
      'href',
      FAKE_APP_LINKS.appStoreUrl,
    );
    expect(within(badges).getByRole('link', { name: /Google Play/ })).toHaveAttribute(
      'href',
      FAKE_APP_LINKS.playStoreUrl,
    );
    expect(
      screen.getByText(
        `In the app, sign in the same way you did here, with your phone number, +1 555-555-0100, and your Premium is there.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Gift code' })).not.toBeInTheDocument();
  });

  it('refreshes the plan the header badge reads, so PRO shows at once', async () => {
    const user = userEvent.setup();
    redeemServer();
    const { router } = renderRoute('/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Subscription' }, { timeout: 5000 });
    const badge = () => within(screen.getByRole('banner')).queryByTestId('subscription-badge');
    await waitFor(() =>
      expect(screen.getByText("You don't have an active subscription")).toBeInTheDocument(),
    );
    expect(badge()).not.toBeInTheDocument();

    await act(() => router.navigate('/redeem?step=1'));
    await user.type(await codeField(), 'k7m2pq');
    await user.click(continueButton());
    await stepHeading('Code redeemed!');

    // Within the plan's cache time: only a refresh on redemption brings PRO.
    await act(() => router.navigate('/subscription'));
    await waitFor(() => expect(badge()).toHaveTextContent('PRO'));
  });
});
