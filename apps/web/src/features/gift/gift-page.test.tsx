import { brand, GIFT_QUANTITY_MAX, messages, TERMS_VERSION } from '@stillpoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { type FakeRequest, type FakeResponse, installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { FAKE_CHECKOUT_URL, FAKE_PAYMENT_CONFIG } from '../../test/subscriptions';
import { CONFIRM_POLL_MS, CONFIRM_WAIT_MS } from './use-gift-purchase';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

beforeAll(() => preloadRoutes('/gift'));

const CHECKOUT = 'POST /api/createStripeCheckoutSessionForGift';
const PURCHASE = 'GET /api/getGiftPurchase';
const GIFT_PRICE_ID = FAKE_PAYMENT_CONFIG.prices.gift;
const REDEEM_URL = 'http://localhost:3000/redeem';

const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });

/** Stands in for leaving the page: a test page cannot go to another site. */
const watchCheckout = () => vi.spyOn(hostedCheckout, 'open').mockImplementation(() => undefined);

/** The offer, once its price is known. */
async function offerReady() {
  await screen.findByRole('heading', { level: 1, name: 'Give the gift of Stillpoint' }, { timeout: 5000 });
  expect(await screen.findByText('1 year for $49.99')).toBeInTheDocument();
}

const stepper = () => screen.getByRole('spinbutton', { name: 'Number of gifts' });
const fewer = () => screen.getByRole('button', { name: 'One gift fewer' });
const more = () => screen.getByRole('button', { name: 'One gift more' });
const buy = () => screen.getByRole('button', { name: 'Buy gift' });
/** The line under the stepper that totals the gifts (read out as it changes). */
const total = () =>
  screen.getByText(
    (_, element) => element?.getAttribute('aria-live') === 'polite' && element.tagName === 'P',
  );

/** The server as it answers the gift checkout: a hosted checkout for the gift price, 1 to 20 gifts. */
function giftServer() {
  const server = installFakeServer();
  server.route(CHECKOUT, ({ body }) => {
    const { priceId, quantity } = body as { priceId: string; quantity: number };
    if (priceId !== GIFT_PRICE_ID || quantity < 1 || quantity > GIFT_QUANTITY_MAX) {
      return { status: 400, body: { success: false, code: 'BAD_REQUEST', error: 'not a gift' } };
    }
    return ok({ url: FAKE_CHECKOUT_URL });
  });
  return server;
}

describe('the gift offer', () => {
  it('prices one year from the gift price, starts at one gift and needs no sign-in', async () => {
    const server = giftServer();
    renderRoute('/gift');
    await offerReady();

    expect(stepper()).toHaveAttribute('aria-valuenow', '1');
    expect(stepper()).toHaveAttribute('aria-valuetext', '1 gift');
    expect(total()).toHaveTextContent('1 gift: $49.99 in total');
    expect(buy()).toBeEnabled();
    expect(server.calls('GET /api/getStripePrice')[0]?.search.get('priceId')).toBe(GIFT_PRICE_ID);
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
  });

  it('floors at 0, where Buy gift is disabled, and stops at 20', async () => {
    const user = userEvent.setup();
    giftServer();
    renderRoute('/gift');
    await offerReady();

    await user.click(fewer());
    expect(stepper()).toHaveAttribute('aria-valuenow', '0');
    expect(buy()).toBeDisabled();
    expect(total()).toHaveTextContent('Choose at least one gift.');
    expect(fewer()).toHaveAttribute('aria-disabled', 'true');
    await user.click(fewer());
    expect(stepper()).toHaveAttribute('aria-valuenow', '0');
    // Still focusable at the bound, so the person pressing it keeps their place.
    expect(fewer()).toHaveFocus();

    await user.click(more());
    expect(stepper()).toHaveAttribute('aria-valuenow', '1');
    expect(buy()).toBeEnabled();
    for (let press = 0; press < 25; press++) await user.click(more());
    expect(stepper()).toHaveAttribute('aria-valuenow', String(GIFT_QUANTITY_MAX));
    expect(stepper()).toHaveAttribute('aria-valuemax', String(GIFT_QUANTITY_MAX));
    expect(more()).toHaveAttribute('aria-disabled', 'true');
    expect(total()).toHaveTextContent('20 gifts: $999.80 in total');
  });

  it('is operated from the keyboard: arrows, Page Up and Down, Home and End', async () => {
    const user = userEvent.setup();
    giftServer();
    renderRoute('/gift');
    await offerReady();

    stepper().focus();
    await user.keyboard('{ArrowUp}');
    expect(stepper()).toHaveAttribute('aria-valuenow', '2');
    await user.keyboard('{PageUp}');
    expect(stepper()).toHaveAttribute('aria-valuenow', '7');
    await user.keyboard('{End}{ArrowUp}');
    expect(stepper()).toHaveAttribute('aria-valuenow', '20');
    await user.keyboard('{PageDown}{ArrowDown}');
    expect(stepper()).toHaveAttribute('aria-valuenow', '14');
    await user.keyboard('{Home}{ArrowDown}');
    expect(stepper()).toHaveAttribute('aria-valuenow', '0');
    expect(buy()).toBeDisabled();
  });

  it('asks for a hosted checkout of the gift price and quantity, busy meanwhile, then leaves for it', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = giftServer();
    renderRoute('/gift?referralGroup=spring-letter');
    await offerReady();

    let answer: (response: FakeResponse) => void = () => undefined;
    server.route(CHECKOUT, () => new Promise<FakeResponse>((resolve) => (answer = resolve)));
    await user.click(more());
    await user.click(buy());

    await waitFor(() => expect(server.calls(CHECKOUT)).toHaveLength(1));
    expect(server.calls(CHECKOUT)[0]?.body).toEqual({
      cancelPath: '/gift?referralGroup=spring-letter',
      successPath: '/gift',
      priceId: GIFT_PRICE_ID,
      quantity: 2,
      referralGroup: 'spring-letter',
      termsVersion: TERMS_VERSION,
    });
    expect(buy()).toHaveAttribute('aria-busy', 'true');
    expect(buy()).toBeDisabled();
    // The count is what was sent while the page leaves.
    expect(more()).toHaveAttribute('aria-disabled', 'true');
    expect(leave).not.toHaveBeenCalled();

    // The request must have reached the server before it can be answered.
    await waitFor(() => expect(server.calls(CHECKOUT).length).toBeGreaterThan(0));
    act(() => answer(ok({ url: FAKE_CHECKOUT_URL })));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    expect(leave).toHaveBeenCalledTimes(1);
    // On its way out: still busy, so no second checkout is made.
    expect(buy()).toHaveAttribute('aria-busy', 'true');
  });

  it('sends no referral group when the page has none', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = giftServer();
    renderRoute('/gift');
    await offerReady();

    await user.click(buy());

    await waitFor(() => expect(leave).toHaveBeenCalledWith(FAKE_CHECKOUT_URL));
    expect(server.calls(CHECKOUT)[0]?.body).toEqual({
      cancelPath: '/gift',
      successPath: '/gift',
      priceId: GIFT_PRICE_ID,
      quantity: 1,
      termsVersion: TERMS_VERSION,
    });
  });

  it.each<[string, FakeResponse]>([
    ['a failure', { status: 500, body: { success: false, code: 'INTERNAL', error: 'Something broke' } }],
    ['an answer without an address', ok({})],
    ['an answer with no web address', ok({ url: 'javascript:alert(1)' })],
    ['an answer that is not the envelope', { body: { url: FAKE_CHECKOUT_URL } }],
  ])('says "%s" is an error and stays, ready to try again', async (_, response) => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    const server = giftServer();
    server.route(CHECKOUT, () => response);
    renderRoute('/gift');
    await offerReady();

    await user.click(buy());

    const error = await screen.findByText(messages.giftFailed);
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveClass('text-danger');
    expect(leave).not.toHaveBeenCalled();
    expect(buy()).toBeEnabled();
    expect(buy()).not.toHaveAttribute('aria-busy');
  });

  it('says so when the price cannot be loaded, and Buy gift waits for it', async () => {
    const user = userEvent.setup();
    const server = giftServer();
    let fail = true;
    server.route('GET /api/getStripePrice', () =>
      fail
        ? { status: 500, body: { success: false, code: 'INTERNAL', error: 'The provider is down' } }
        : ok({ unit_amount: 4999, currency: 'usd' }),
    );
    renderRoute('/gift');
    await screen.findByRole('heading', { level: 1, name: 'Give the gift of Stillpoint' }, { timeout: 5000 });

    expect(await screen.findByText("We couldn't load the price.", {}, { timeout: 8000 })).toBeInTheDocument();
    expect(buy()).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 year for $49.99')).toBeInTheDocument();
    expect(buy()).toBeEnabled();
  });
});

describe('back from checkout', () => {
  const SESSION_ID = 'cs_test_gift_1';
  const CODES = ['K7M2PQ', 'X4N8RT'];
  const successPath = (code = CODES[0] ?? '') =>
    `/gift?stripe_success=true&redemptionCode=${code}&session_id=${SESSION_ID}`;
  const paid = (codes = CODES, email: string | null = 'giver@example.com') =>
    ok({ status: 'paid', quantity: codes.length, codes, voidedCodes: [], email, redeemUrl: REDEEM_URL });
  const pending = ok({
    status: 'pending',
    quantity: 2,
    codes: [],
    voidedCodes: [],
    email: null,
    redeemUrl: REDEEM_URL,
  });
  const notFound: FakeResponse = {
    status: 404,
    body: { success: false, code: 'NOT_FOUND', error: 'No such gift purchase.' },
  };

  it('marks a code a refund voided, without a Copy button, beside the codes still valid', async () => {
    const server = installFakeServer();
    server.route(PURCHASE, () =>
      ok({
        status: 'paid',
        quantity: 2,
        codes: CODES,
        voidedCodes: [CODES[1]],
        email: null,
        redeemUrl: REDEEM_URL,
      }),
    );
    renderRoute(successPath());
    const list = await screen.findByRole('list', { name: 'Your gift codes' }, { timeout: 5000 });
    const [valid, voided] = within(list).getAllByRole('listitem');
    expect(voided).toHaveTextContent('Refunded, no longer valid');
    expect(valid).not.toHaveTextContent('Refunded');
  });

  it('confirms the payment, then shows Success!, every code, the redeem address, the e-mail and support', async () => {
    // The clock runs as usual, and the test moves it on to the polls that must not come.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeServer();
    const answers = [pending, pending, paid()];
    server.route(PURCHASE, () => answers.shift() ?? paid());
    renderRoute(successPath());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
    expect(screen.queryByText('K7M2PQ')).not.toBeInTheDocument();

    // The two polls that still find it pending, and the one that finds it paid.
    for (let poll = 0; poll < 2; poll++) await act(() => vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS));
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Success!' },
      { timeout: 3 * CONFIRM_POLL_MS + 4000 },
    );
    // The page changed in place: its new heading is where reading goes on.
    await waitFor(() => expect(heading).toHaveFocus());
    const list = screen.getByRole('list', { name: 'Your gift codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.font-mono')?.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('link', { name: 'localhost:3000/redeem' })).toHaveAttribute('href', REDEEM_URL);
    expect(screen.getByText(/We've sent a confirmation e-mail with every code/)).toHaveTextContent(
      "We've sent a confirmation e-mail with every code to giver@example.com.",
    );
    expect(screen.getByRole('link', { name: brand.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${brand.supportEmail}`,
    );

    const lookups = server.calls(PURCHASE);
    expect(lookups.length).toBeGreaterThanOrEqual(3);
    expect(Object.fromEntries(lookups[0]?.search ?? [])).toEqual({
      sessionId: SESSION_ID,
      redemptionCode: 'K7M2PQ',
    });
    // Paid: no more asking.
    const asked = lookups.length;
    await act(() => vi.advanceTimersByTimeAsync(3 * CONFIRM_POLL_MS));
    expect(server.calls(PURCHASE)).toHaveLength(asked);
  }, 20_000);

  it('shows a single code without a list, and copies it', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.route(PURCHASE, () => paid(['K7M2PQ'], null));
    renderRoute(successPath());

    await screen.findByRole('heading', { level: 1, name: 'Success!' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 2, name: 'Your gift code' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /gift code/ })).not.toBeInTheDocument();
    expect(screen.getByText('K7M2PQ')).toBeInTheDocument();
    expect(screen.getByText(/We've sent a confirmation e-mail/)).toHaveTextContent(
      "We've sent a confirmation e-mail with the code.",
    );

    await user.click(screen.getByRole('button', { name: 'Copy code K7M2PQ' }));
    expect(await navigator.clipboard.readText()).toBe('K7M2PQ');
    expect(screen.getByRole('button', { name: 'Copied code K7M2PQ' })).toBeInTheDocument();
    expect(screen.getByText('Copied K7M2PQ')).toBeInTheDocument();
  });

  it('shows no success and no code for a code that is not the checkout’s', async () => {
    const server = installFakeServer();
    server.route(PURCHASE, () => notFound);
    renderRoute(successPath('ZZZZZZ'));

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: "We couldn't find this gift purchase" },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
    expect(screen.queryByText('ZZZZZZ')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: brand.supportEmail })).toBeInTheDocument();
    // A 404 answers the same on a retry: asked once.
    expect(server.calls(PURCHASE)).toHaveLength(1);
  });

  it('asks nothing for an address without a checkout, and shows no success', async () => {
    const server = installFakeServer();
    renderRoute('/gift?stripe_success=true&redemptionCode=K7M2PQ');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: "We couldn't find this gift purchase" },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(server.calls(PURCHASE)).toHaveLength(0);
    expect(screen.queryByText('K7M2PQ')).not.toBeInTheDocument();
  });

  it('says the payment is not confirmed yet after the wait, and checks again on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = installFakeServer();
    let confirmed = false;
    server.route(PURCHASE, () => (confirmed ? paid() : pending));
    renderRoute(successPath());
    await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' }, { timeout: 5000 });
    await waitFor(() => expect(server.calls(PURCHASE).length).toBeGreaterThan(0));

    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_WAIT_MS + CONFIRM_POLL_MS));

    expect(
      await screen.findByRole('heading', { level: 1, name: "Your payment isn't confirmed yet" }),
    ).toBeInTheDocument();
    expect(screen.queryByText('K7M2PQ')).not.toBeInTheDocument();
    // It stopped asking.
    const asked = server.calls(PURCHASE).length;
    await act(() => vi.advanceTimersByTimeAsync(3 * CONFIRM_POLL_MS));
    expect(server.calls(PURCHASE)).toHaveLength(asked);

    confirmed = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Success!' })).toBeInTheDocument();
    expect(screen.getByText('X4N8RT')).toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    let down = true;
    server.route(PURCHASE, (_request: FakeRequest) =>
      down ? { status: 503, body: { success: false, code: 'UNAVAILABLE', error: 'Down' } } : paid(),
    );
    renderRoute(successPath());

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: "We couldn't check your purchase" },
        { timeout: 12_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('K7M2PQ')).not.toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Success!' })).toBeInTheDocument();
  }, 20_000);
});
