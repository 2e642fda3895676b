import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSessionRequest } from '../src/integrations/payments/provider';
import {
  card,
  daysFromNow,
  type LocalPaymentsHarness,
  locationOf,
  near,
  pathOf,
  postForm,
  startLocalPayments,
} from './support/local-payments';

// Small readers for the pages' own markup, enough to check what a browser and a screen reader get.

const decode = (value: string) =>
  value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const stripTags = (markup: string) =>
  decode(markup.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) {
    if (match[1]) attributes[match[1]] = decode(match[2] ?? '');
  }
  return attributes;
}

interface Page {
  html: string;
  /** The visible text, tags dropped. */
  text: string;
  /** The attributes of the input a <label> with exactly this text names. */
  field(label: string): Record<string, string>;
  /** The texts the element's aria-describedby points at. */
  description(attributes: Record<string, string>): string;
  byId(id: string): string | null;
  /** [text, attributes] of every element with this tag name, in document order. */
  all(tag: 'a' | 'button' | 'input' | 'h1' | 'p'): [string, Record<string, string>][];
}

function read(response: LightMyRequestResponse): Page {
  const html = response.body;
  const all: Page['all'] = (tag) =>
    tag === 'input'
      ? [...html.matchAll(/<input\b([^>]*)>/g)].map((match) => ['', attributesOf(match[1] ?? '')])
      : [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => [
          stripTags(match[2] ?? ''),
          attributesOf(match[1] ?? ''),
        ]);
  const byId = (id: string) => {
    const match = new RegExp(`<([a-z0-9]+)\\b[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
    return match ? stripTags(match[2] ?? '') : null;
  };
  return {
    html,
    text: stripTags(html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<title>[\s\S]*?<\/title>/, '')),
    field(label) {
      const labels = [...html.matchAll(/<label for="([^"]+)">([\s\S]*?)<\/label>/g)];
      const target = labels.find((match) => stripTags(match[2] ?? '') === label)?.[1];
      const input = all('input').find(([, attributes]) => attributes.id === target);
      if (!target || !input) throw new Error(`no field labelled "${label}"`);
      return input[1];
    },
    description(attributes) {
      return (attributes['aria-describedby'] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => byId(id) ?? `(missing #${id})`)
        .join(' | ');
    },
    byId,
    all,
  };
}

const textOf = (response: LightMyRequestResponse) => read(response).text;
const link = (page: Page, text: string) => page.all('a').find(([label]) => label.includes(text))?.[1].href;
const buttonTexts = (page: Page) => page.all('button').map(([text]) => text);
const alertText = (page: Page) => {
  const id = /<[a-z]+\b[^>]*\brole="alert"[^>]*\bid="([^"]+)"/.exec(page.html)?.[1];
  return id ? page.byId(id) : undefined;
};

describe('local payment pages', () => {
  let h: LocalPaymentsHarness;
  let userCount = 0;

  beforeAll(async () => {
    h = await startLocalPayments();
  });
  afterAll(async () => h.close());

  const publicUrl = () => h.config.publicUrl;
  const successUrl = () => `${publicUrl()}/subscription?stripe_success=true&session={CHECKOUT_SESSION_ID}`;
  const cancelUrl = () => `${publicUrl()}/subscription`;

  async function customer(email = `person${++userCount}@example.com`) {
    return h.provider.createCustomer({ email, userId: `user-${userCount}` });
  }

  async function subscriptionCheckout(overrides: Partial<CheckoutSessionRequest> = {}) {
    const buyer = overrides.customerId === undefined ? await customer() : null;
    const session = await h.provider.createCheckoutSession({
      mode: 'subscription',
      priceId: h.config.prices.annual,
      quantity: 1,
      customerId: buyer?.id ?? null,
      trialDays: 7,
      paymentMethodCollection: 'always',
      successUrl: successUrl(),
      cancelUrl: cancelUrl(),
      metadata: { userId: 'user-checkout', kind: 'subscription' },
      ...overrides,
    });
    if (!session.url) throw new Error('an open session has a url');
    return { session, path: pathOf(session.url), customerId: session.customerId };
  }

  /** The page a POST redirected to, fetched as the browser does: by GET. */
  async function followed(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(303);
    return h.app.inject({ url: pathOf(locationOf(response)) });
  }

  async function giftCheckout(quantity = 2) {
    const session = await h.provider.createCheckoutSession({
      mode: 'payment',
      priceId: h.config.prices.gift,
      quantity,
      customerId: null,
      trialDays: 0,
      paymentMethodCollection: 'always',
      successUrl: `${publicUrl()}/gift?stripe_success=true`,
      cancelUrl: `${publicUrl()}/gift`,
      metadata: { kind: 'gift', giftPurchaseId: 'gift-1' },
    });
    return { session, path: pathOf(session.url ?? '') };
  }

  describe('hosted checkout page', () => {
    it('shows the product, price, trial, quantity, test-mode badge and test cards, with the card fields labelled', async () => {
      const { path } = await subscriptionCheckout();
      const response = await h.app.inject({ url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      // The server's CSP forbids inline script; the page must need none.
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.body).not.toMatch(/<script/i);

      const page = read(response);
      expect(page.all('h1')[0]?.[0]).toBe('Stillpoint Premium, yearly');
      expect(page.text).toContain('7 days free, then $49.99/year $0.00 due today First charge: $49.99 on');
      // The quantity is shown even when it is 1.
      expect(page.text).toContain('Quantity 1 Total due today $0.00');
      expect(page.all('p').find(([, attributes]) => attributes.class === 'badge')?.[0]).toBe('Test mode');
      for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0025 0000 3155']) {
        expect(page.text).toContain(number);
      }

      const number = page.field('Card number');
      const expiry = page.field('Expiration date');
      const cvc = page.field('Security code');
      expect(expiry.placeholder).toBe('MM / YY');
      expect([number.autocomplete, expiry.autocomplete, cvc.autocomplete]).toEqual([
        'cc-number',
        'cc-exp',
        'cc-csc',
      ]);
      // A known customer is not asked for an e-mail.
      expect(() => page.field('Email')).toThrow();
      // Fields come in reading order, then the button.
      const form = /<form\b[^>]*>([\s\S]*?)<\/form>/.exec(page.html)?.[1] ?? '';
      const controls = [...form.matchAll(/<(input|button)\b([^>]*)>(?:([^<]*)<\/button>)?/g)].map(
        (match) => attributesOf(match[2] ?? '').id ?? match[3],
      );
      expect(controls).toEqual(['card-number', 'expiry', 'cvc', 'Start free trial']);
      expect(link(page, 'Cancel')).toBe(cancelUrl());
    });

    it('shows a one-time gift with its quantity and total, and asks the buyer for an e-mail', async () => {
      const { path } = await giftCheckout(2);
      const page = read(await h.app.inject({ url: path }));
      expect(page.all('h1')[0]?.[0]).toBe('Stillpoint gift: 1 year of Premium');
      expect(page.text).toContain('Quantity 2');
      expect(page.text).toContain('$49.99 each');
      expect(page.text).toContain('Total due today $99.98');
      expect(page.field('Email').type).toBe('email');
      expect(buttonTexts(page)).toEqual(['Pay $99.98']);
    });

    it('4242 4242 4242 4242 starts the trial, emits the events and returns to the success URL', async () => {
      const { session, path, customerId } = await subscriptionCheckout();
      const mark = h.webhooks.mark();
      const response = await postForm(h.app, path, card.succeeds);
      expect(response.statusCode).toBe(303);
      // Stripe fills in {CHECKOUT_SESSION_ID}.
      expect(locationOf(response)).toBe(
        `${publicUrl()}/subscription?stripe_success=true&session=${session.id}`,
      );
      expect(h.webhooks.types(mark)).toEqual([
        'customer.subscription.created',
        'setup_intent.succeeded',
        'invoice.paid',
        'checkout.session.completed',
      ]);

      const completed = await h.provider.retrieveCheckoutSession(session.id);
      expect(completed).toMatchObject({
        status: 'complete',
        paymentStatus: 'no_payment_required',
        customerId,
        metadata: { userId: 'user-checkout', kind: 'subscription' },
      });
      const subscription = await h.provider.retrieveSubscription(completed?.subscriptionId ?? '');
      expect(subscription).toMatchObject({
        status: 'trialing',
        customerId,
        priceId: h.config.prices.annual,
        paymentMethod: 'Visa ending in 4242',
        cancelAtPeriodEnd: false,
        userId: 'user-checkout',
      });
      expect(near(subscription?.trialEnd, daysFromNow(7))).toBe(true);
      const completedEvent = h.webhooks.since(mark).at(-1)?.event;
      expect(completedEvent?.data.object).toMatchObject({ id: session.id, subscription: subscription?.id });
    });

    it('without a trial, 4242 charges at once and the subscription is active', async () => {
      const { session, path } = await subscriptionCheckout({
        trialDays: 0,
        priceId: h.config.prices.monthly,
      });
      const page = read(await h.app.inject({ url: path }));
      expect(page.text).toContain('$6.99/month $6.99 due today Quantity 1 Total due today $6.99');
      expect(buttonTexts(page)).toEqual(['Subscribe']);

      const mark = h.webhooks.mark();
      const response = await postForm(h.app, path, { ...card.succeeds, cardNumber: '4242424242424242' });
      expect(response.statusCode).toBe(303);
      expect(h.webhooks.types(mark)).toEqual([
        'customer.subscription.created',
        'payment_intent.succeeded',
        'invoice.paid',
        'checkout.session.completed',
      ]);
      const completed = await h.provider.retrieveCheckoutSession(session.id);
      expect(completed?.paymentStatus).toBe('paid');
      const subscription = await h.provider.retrieveSubscription(completed?.subscriptionId ?? '');
      expect(subscription?.status).toBe('active');
      expect(subscription?.trialEnd).toBeNull();
      expect(near(subscription?.currentPeriodEnd, daysFromNow(30), 2 * 86_400_000)).toBe(true);
      const paid = h.webhooks.since(mark).find((entry) => entry.event.type === 'invoice.paid')?.event
        .data.object;
      expect(paid).toMatchObject({ amount_paid: 699, status: 'paid' });
    });

    it("4000 0000 0000 0002 is declined with Stripe's message on the form again, by a redirect, and changes nothing", async () => {
      const { session, path } = await subscriptionCheckout();
      const mark = h.webhooks.mark();
      const response = await postForm(h.app, path, card.declined);
      expect(response.statusCode).toBe(303);
      expect(locationOf(response)).toBe(`${publicUrl()}${path}?attempt=1`);
      const shown = await followed(response);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('no-store');
      const page = read(shown);
      expect(alertText(page)).toBe('Your card was declined.');
      const number = page.field('Card number');
      // The card is typed again, as on Stripe's page: the server keeps no card number to show.
      expect(number.value).toBe('');
      expect(shown.body).not.toContain('4000 0000 0000 0002"');
      expect(number).toHaveProperty('autofocus');
      expect(page.description(number)).toContain('Your card was declined.');

      expect(h.webhooks.types(mark)).toEqual([]);
      expect(await h.provider.retrieveCheckoutSession(session.id)).toMatchObject({
        status: 'open',
        subscriptionId: null,
      });
      // Another card still works on the same page.
      expect((await postForm(h.app, path, card.succeeds)).statusCode).toBe(303);
    });

    it('4000 0025 0000 3155 asks for authentication first; completing it finishes the checkout', async () => {
      const { session, path } = await subscriptionCheckout();
      const mark = h.webhooks.mark();
      const response = await postForm(h.app, path, card.authenticate);
      expect(response.statusCode).toBe(303);
      const authenticate = locationOf(response);
      expect(authenticate).toMatch(
        /^http:\/\/localhost:3000\/local-pay\/authenticate\/seti_local_[0-9A-Za-z]{24}$/,
      );
      // Nothing is bought before the bank answers.
      expect(h.webhooks.types(mark)).toEqual([]);

      const page = read(await h.app.inject({ url: pathOf(authenticate) }));
      expect(page.text).toContain('Authenticate your card');
      expect(page.text).toContain('Visa ending in 3155');
      expect(page.text).toContain('Test mode');
      expect(buttonTexts(page)).toEqual(['Complete authentication', 'Fail authentication']);

      const done = await postForm(h.app, pathOf(authenticate), { outcome: 'complete' });
      expect(done.statusCode).toBe(303);
      expect(locationOf(done)).toContain(`session=${session.id}`);
      expect(h.webhooks.types(mark)).toEqual([
        'setup_intent.succeeded',
        'customer.subscription.created',
        'invoice.paid',
        'checkout.session.completed',
      ]);
      const completed = await h.provider.retrieveCheckoutSession(session.id);
      const subscription = await h.provider.retrieveSubscription(completed?.subscriptionId ?? '');
      expect(subscription).toMatchObject({ status: 'trialing', paymentMethod: 'Visa ending in 3155' });
      // The page is used up.
      expect((await h.app.inject({ url: pathOf(authenticate) })).statusCode).toBe(404);
    });

    it("failing authentication returns to the form with Stripe's message and buys nothing", async () => {
      const { session, path } = await subscriptionCheckout({ trialDays: 0 });
      const response = await postForm(h.app, path, card.authenticate);
      const authenticate = pathOf(locationOf(response));
      expect(authenticate).toMatch(/^\/local-pay\/authenticate\/pi_local_/);
      expect(textOf(await h.app.inject({ url: authenticate }))).toContain(
        'a payment of $49.99 to Stillpoint',
      );

      const mark = h.webhooks.mark();
      const failed = await postForm(h.app, authenticate, { outcome: 'fail' });
      expect(failed.statusCode).toBe(303);
      expect(locationOf(failed)).toBe(`${publicUrl()}${path}?error=authentication_failed`);
      expect(h.webhooks.types(mark)).toEqual(['payment_intent.payment_failed']);
      expect(await h.provider.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'open' });

      const again = read(await h.app.inject({ url: pathOf(locationOf(failed)) }));
      expect(alertText(again)).toBe(
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      );
      expect((await postForm(h.app, path, card.succeeds)).statusCode).toBe(303);
    });

    it('refuses a bad number, a past date and a short code inline, each linked to its field', async () => {
      const { path } = await subscriptionCheckout();
      const mark = h.webhooks.mark();
      const response = await postForm(h.app, path, {
        cardNumber: '4242 4242 4242 4241',
        expiry: '01 / 20',
        cvc: '12',
      });
      expect(locationOf(response)).toBe(`${publicUrl()}${path}?attempt=1`);
      const page = read(await followed(response));
      const number = page.field('Card number');
      const expiry = page.field('Expiration date');
      const cvc = page.field('Security code');
      expect(page.description(number)).toBe('Your card number is invalid.');
      expect(page.description(expiry)).toBe("MM / YY | Your card's expiration date is in the past.");
      expect(page.description(cvc)).toBe("3 or 4 digits | Your card's security code is incomplete.");
      for (const input of [number, expiry, cvc]) expect(input['aria-invalid']).toBe('true');
      // Focus goes to the first field to fix.
      expect(number).toHaveProperty('autofocus');
      expect(expiry).not.toHaveProperty('autofocus');
      expect(h.webhooks.types(mark)).toEqual([]);

      const again = await postForm(h.app, path, { cardNumber: '4242', expiry: '13/30', cvc: '' });
      expect(locationOf(again)).toBe(`${publicUrl()}${path}?attempt=2`);
      const second = read(await followed(again));
      expect(second.description(second.field('Card number'))).toBe('Your card number is incomplete.');
      expect(second.description(second.field('Expiration date'))).toContain(
        "Your card's expiration date is invalid.",
      );
      // An older attempt's address (Back) is the clean form, and the form with no attempt too.
      for (const url of [`${path}?attempt=1`, path]) {
        const clean = read(await h.app.inject({ url }));
        expect(clean.field('Card number')['aria-invalid'], url).toBeUndefined();
        expect(alertText(clean), url).toBeUndefined();
      }
    });

    it('asks a gift buyer for a valid e-mail, then takes the payment and records the e-mail', async () => {
      const { session, path } = await giftCheckout(3);
      const missing = await postForm(h.app, path, { ...card.succeeds, email: 'not-an-address' });
      const page = read(await followed(missing));
      expect(page.description(page.field('Email'))).toContain('Enter a valid email address');
      expect(page.field('Email').value).toBe('not-an-address');

      const mark = h.webhooks.mark();
      const paid = await postForm(h.app, path, { ...card.succeeds, email: 'giver@example.com' });
      expect(paid.statusCode).toBe(303);
      expect(locationOf(paid)).toBe(`${publicUrl()}/gift?stripe_success=true`);
      expect(h.webhooks.types(mark)).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
      const intent = h.webhooks.since(mark)[0]?.event.data.object;
      expect(intent).toMatchObject({
        amount: 3 * 4999,
        status: 'succeeded',
        receipt_email: 'giver@example.com',
      });
      expect(await h.provider.retrieveCheckoutSession(session.id)).toMatchObject({
        status: 'complete',
        paymentStatus: 'paid',
        customerEmail: 'giver@example.com',
        quantity: 3,
        subscriptionId: null,
        metadata: { kind: 'gift', giftPurchaseId: 'gift-1' },
      });
    });

    it('authenticates a gift payment with 4000 0025 0000 3155, then takes it', async () => {
      const { session, path } = await giftCheckout(1);
      const response = await postForm(h.app, path, { ...card.authenticate, email: 'giver@example.com' });
      const authenticate = pathOf(locationOf(response));
      expect(authenticate).toMatch(/^\/local-pay\/authenticate\/pi_local_/);
      expect(textOf(await h.app.inject({ url: authenticate }))).toContain(
        'a payment of $49.99 to Stillpoint',
      );
      const mark = h.webhooks.mark();
      const done = await postForm(h.app, authenticate, { outcome: 'complete' });
      expect(locationOf(done)).toBe(`${publicUrl()}/gift?stripe_success=true`);
      expect(h.webhooks.types(mark)).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
      expect(h.webhooks.since(mark)[0]?.event.data.object).toMatchObject({
        amount: 4999,
        amount_received: 4999,
      });
      expect(await h.provider.retrieveCheckoutSession(session.id)).toMatchObject({
        status: 'complete',
        customerEmail: 'giver@example.com',
      });
    });

    it('with deferred payment a trial starts without a card, but a half-typed card is still checked', async () => {
      const { session, path } = await subscriptionCheckout({ paymentMethodCollection: 'if_required' });
      const page = read(await h.app.inject({ url: path }));
      expect(page.text).toContain('No card is needed to start the trial');
      expect(page.field('Card number')).not.toHaveProperty('required');

      const partial = await postForm(h.app, path, { cardNumber: '4242 4242 4242 4242', expiry: '', cvc: '' });
      expect(locationOf(partial)).toBe(`${publicUrl()}${path}?attempt=1`);
      expect(read(await followed(partial)).field('Expiration date')['aria-invalid']).toBe('true');

      const response = await postForm(h.app, path, { cardNumber: '', expiry: '', cvc: '' });
      expect(response.statusCode).toBe(303);
      const completed = await h.provider.retrieveCheckoutSession(session.id);
      const subscription = await h.provider.retrieveSubscription(completed?.subscriptionId ?? '');
      expect(subscription).toMatchObject({ status: 'trialing', paymentMethod: null });
    });

    it('answers every Pay with a redirect to a page, so reload and Back only fetch pages again', async () => {
      const { session, path } = await subscriptionCheckout();
      const mark = h.webhooks.mark();
      // Refused twice, then paid: three POSTs, each answered 303, none with a page of its own.
      const refused = [
        await postForm(h.app, path, { cardNumber: '4242', expiry: '', cvc: '' }),
        await postForm(h.app, path, card.declined),
      ];
      const paid = await postForm(h.app, path, card.succeeds);
      for (const response of [...refused, paid]) {
        expect(response.statusCode).toBe(303);
        expect(response.body).toBe('');
      }
      expect(h.webhooks.types(mark)).toContain('checkout.session.completed');

      // Back lands on the pages the redirects named: each a GET, none sends the form again.
      const afterMark = h.webhooks.mark();
      for (const response of refused) {
        const page = await h.app.inject({ url: pathOf(locationOf(response)) });
        expect(page.statusCode).toBe(200);
        expect(textOf(page)).toContain('This checkout is complete');
      }
      expect(h.webhooks.types(afterMark)).toEqual([]);
      expect(await h.provider.listCustomerSubscriptions(session.customerId ?? '')).toHaveLength(1);
      // The refused attempt is not kept on the paid session.
      const completed = h.webhooks.since(mark).at(-1)?.event.data.object;
      expect(completed).toMatchObject({ id: session.id, local_attempt: null });
    });

    it('sends a press of neither authentication button back to the authentication page by GET', async () => {
      const { path } = await subscriptionCheckout();
      const authenticate = pathOf(locationOf(await postForm(h.app, path, card.authenticate)));
      const neither = await postForm(h.app, authenticate, { outcome: 'maybe' });
      expect(neither.statusCode).toBe(303);
      expect(locationOf(neither)).toBe(authenticate);
      expect(textOf(await h.app.inject({ url: authenticate }))).toContain('Authenticate your card');
    });

    it('sends a second press of the button where the first went, and says a finished checkout is complete', async () => {
      const { session, path } = await subscriptionCheckout();
      const first = await postForm(h.app, path, card.succeeds);
      const mark = h.webhooks.mark();
      const second = await postForm(h.app, path, card.succeeds);
      expect(second.statusCode).toBe(303);
      expect(locationOf(second)).toBe(locationOf(first));
      expect(h.webhooks.types(mark)).toEqual([]);

      const page = await h.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(textOf(page)).toContain('This checkout is complete');
      expect(await h.provider.listCustomerSubscriptions(session.customerId ?? '')).toHaveLength(1);
    });

    it('escapes everything it shows: typed values and the URLs it was given', async () => {
      const { path } = await subscriptionCheckout({ customerId: null });
      const hostile = '"><script>alert(1)</script>';
      const response = await postForm(h.app, path, {
        cardNumber: hostile,
        expiry: hostile,
        cvc: '1',
        email: hostile,
      });
      const shown = await followed(response);
      expect(shown.body).not.toContain('<script>');
      const page = read(shown);
      expect(page.field('Email').value).toBe(hostile);
      expect(page.field('Card number').value).toBe('');

      const odd = `${publicUrl()}/x?a="><b>bold</b>`;
      const quoted = await subscriptionCheckout({ cancelUrl: odd });
      const oddPage = await h.app.inject({ url: quoted.path });
      expect(oddPage.body).not.toContain('<b>bold</b>');
      expect(link(read(oddPage), 'Cancel')).toBe(new URL(odd).toString());

      // Like Stripe, it takes only web addresses to send people back to.
      await expect(subscriptionCheckout({ cancelUrl: 'javascript:alert(1)' })).rejects.toThrow(/http/);
    });
  });

  describe('not found', () => {
    it('answers unknown, malformed and unrelated ids with a readable 404 page', async () => {
      const paths = [
        '/local-pay/checkout/cs_local_000000000000000000000000',
        '/local-pay/checkout/not-an-id',
        '/local-pay/authenticate/seti_local_000000000000000000000000',
        '/local-pay/portal/bps_local_000000000000000000000000',
        '/local-pay/portal/%3Cscript%3E',
        '/local-pay/somewhere-else',
      ];
      for (const url of paths) {
        const response = await h.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toContain('text/html');
        expect(textOf(response)).toContain('This link has expired');
        expect(response.body).not.toContain('<script>');
      }
      const post = await postForm(
        h.app,
        '/local-pay/checkout/cs_local_000000000000000000000000',
        card.succeeds,
      );
      expect(post.statusCode).toBe(404);
      const clock = await postForm(
        h.app,
        '/local-pay/portal/bps_local_000000000000000000000000/clock/advance',
        {},
      );
      expect(clock.statusCode).toBe(404);
    });

    it('parses form bodies only on its own pages', async () => {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/sendFeedback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'content=hello&location=web',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ success: false });
    });
  });

  describe('billing portal', () => {
    async function portalFor(customerId: string, returnUrl = `${publicUrl()}/subscription`) {
      const { url } = await h.provider.createPortalSession({ customerId, returnUrl });
      return pathOf(url);
    }

    async function trialingCustomer() {
      const { session, path, customerId } = await subscriptionCheckout();
      await postForm(h.app, path, card.succeeds);
      const completed = await h.provider.retrieveCheckoutSession(session.id);
      return { customerId: customerId ?? '', subscriptionId: completed?.subscriptionId ?? '' };
    }

    it('shows the plan, its status, dates and card, and returns to Stillpoint', async () => {
      const { customerId } = await trialingCustomer();
      const portal = await portalFor(customerId);
      expect(portal).toMatch(/^\/local-pay\/portal\/bps_local_[0-9A-Za-z]{24}$/);
      const response = await h.app.inject({ url: portal });
      expect(response.statusCode).toBe(200);
      const text = textOf(response);
      expect(text).toContain('Stillpoint Premium, yearly');
      expect(text).toContain('Free trial');
      expect(text).toContain('Trial ends');
      expect(text).toContain('First charge $49.99 on');
      expect(text).toContain('Visa ending in 4242');
      expect(text).toContain('Test mode');
      const page = read(response);
      expect(link(page, 'Return to Stillpoint')).toBe(`${publicUrl()}/subscription`);
      // In its trial, more than two days from its end: the clock can also go to the trial's reminder.
      expect(buttonTexts(page)).toEqual([
        'Cancel plan',
        'Advance to the next billing date',
        'Advance to 2 days before the trial ends',
        'Make the next charge fail',
      ]);
    });

    it('cancels at the period end and resumes, emitting customer.subscription.updated each time', async () => {
      const { customerId, subscriptionId } = await trialingCustomer();
      const portal = await portalFor(customerId);

      const mark = h.webhooks.mark();
      const cancel = await postForm(h.app, `${portal}/cancel`, { subscription: subscriptionId });
      expect(cancel.statusCode).toBe(303);
      expect(locationOf(cancel)).toBe(`${portal}?notice=canceled`);
      expect(h.webhooks.types(mark)).toEqual(['customer.subscription.updated']);
      expect(h.webhooks.since(mark)[0]?.event.data.object).toMatchObject({
        id: subscriptionId,
        cancel_at_period_end: true,
        status: 'trialing',
      });
      const canceled = await h.provider.retrieveSubscription(subscriptionId);
      expect(canceled).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });

      const page = await h.app.inject({ url: locationOf(cancel) });
      const text = textOf(page);
      expect(text).toContain('Your plan is canceled');
      expect(text).toContain('Plan ends on');
      expect(buttonTexts(read(page))).toContain('Resume plan');

      const resumeMark = h.webhooks.mark();
      const resume = await postForm(h.app, `${portal}/resume`, { subscription: subscriptionId });
      expect(locationOf(resume)).toBe(`${portal}?notice=resumed`);
      expect(h.webhooks.types(resumeMark)).toEqual(['customer.subscription.updated']);
      expect(await h.provider.retrieveSubscription(subscriptionId)).toMatchObject({
        cancelAtPeriodEnd: false,
      });
    });

    it("acts only on the portal customer's own subscriptions", async () => {
      const mine = await trialingCustomer();
      const theirs = await trialingCustomer();
      const portal = await portalFor(mine.customerId);
      const response = await postForm(h.app, `${portal}/cancel`, { subscription: theirs.subscriptionId });
      expect(response.statusCode).toBe(404);
      expect(await h.provider.retrieveSubscription(theirs.subscriptionId)).toMatchObject({
        cancelAtPeriodEnd: false,
      });
    });

    it("escapes the customer's e-mail", async () => {
      const buyer = await h.provider.createCustomer({
        email: '<img src=x onerror=alert(1)>@example.com',
        userId: null,
      });
      const response = await h.app.inject({ url: await portalFor(buyer.id) });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<img');
      expect(textOf(response)).toContain('<img src=x onerror=alert(1)>@example.com');
      await expect(portalFor(buyer.id, 'javascript:alert(1)')).rejects.toThrow(/http/);
    });

    describe('test clock', () => {
      const eventsOf = (mark: number) => h.webhooks.since(mark).map((entry) => entry.event);
      const now = () => Date.now();

      it('moves a subscription through trial end, charge, renewal, a failed renewal and expiry', async () => {
        const { customerId, subscriptionId } = await trialingCustomer();
        const portal = await portalFor(customerId);
        const advance = () => postForm(h.app, `${portal}/clock/advance`, {});

        // Trial end: the first charge is taken and the plan is active.
        let mark = h.webhooks.mark();
        const first = await advance();
        expect(first.statusCode).toBe(303);
        expect(locationOf(first)).toBe(`${portal}?notice=advanced&days=7`);
        expect(eventsOf(mark).map((event) => event.type)).toEqual([
          'payment_intent.succeeded',
          'invoice.paid',
          'customer.subscription.updated',
        ]);
        expect(eventsOf(mark)[1]?.data.object).toMatchObject({
          billing_reason: 'subscription_cycle',
          amount_paid: 4999,
          parent: { subscription_details: { subscription: subscriptionId } },
        });
        let subscription = await h.provider.retrieveSubscription(subscriptionId);
        expect(subscription?.status).toBe('active');
        expect(subscription?.trialEnd?.getTime()).toBeLessThan(now());
        expect(subscription?.currentPeriodStart?.getTime()).toBe(subscription?.trialEnd?.getTime());
        expect(near(subscription?.currentPeriodEnd, daysFromNow(365), 2 * 86_400_000)).toBe(true);
        expect(textOf(await h.app.inject({ url: locationOf(first) }))).toContain(
          'The clock moved forward 7 days.',
        );

        // Renewal a year on: charged again, a new period that starts now (the old one moved into the past).
        mark = h.webhooks.mark();
        await advance();
        expect(eventsOf(mark).map((event) => event.type)).toEqual([
          'payment_intent.succeeded',
          'invoice.paid',
          'customer.subscription.updated',
        ]);
        subscription = await h.provider.retrieveSubscription(subscriptionId);
        expect(subscription?.status).toBe('active');
        expect(subscription?.currentPeriodEnd?.getTime()).toBeGreaterThan(now());
        expect(near(subscription?.currentPeriodStart, new Date())).toBe(true);
        expect(eventsOf(mark)[1]?.data.object).toMatchObject({ billing_reason: 'subscription_cycle' });

        // A failed renewal: past_due, with a retry ahead.
        const failing = await postForm(h.app, `${portal}/clock/charges`, { outcome: 'fail' });
        expect(locationOf(failing)).toBe(`${portal}?notice=charges-fail`);
        const failingPage = textOf(await h.app.inject({ url: locationOf(failing) }));
        expect(failingPage).toContain('Charges currently fail');
        expect(failingPage).toContain('Let charges succeed');
        mark = h.webhooks.mark();
        await advance();
        expect(eventsOf(mark).map((event) => event.type)).toEqual([
          'payment_intent.payment_failed',
          'invoice.payment_failed',
          'customer.subscription.updated',
        ]);
        expect(eventsOf(mark)[1]?.data.object).toMatchObject({ status: 'open', attempt_count: 1 });
        subscription = await h.provider.retrieveSubscription(subscriptionId);
        expect(subscription?.status).toBe('past_due');
        expect(subscription?.endedAt).toBeNull();
        const pastDuePage = textOf(await h.app.inject({ url: portal }));
        expect(pastDuePage).toContain('Payment failed');
        expect(pastDuePage).toContain('Next attempt');

        // The retries on days 3 and 7 fail too: still past due, the next retry ahead.
        for (const days of [3, 4]) {
          mark = h.webhooks.mark();
          expect(locationOf(await advance())).toBe(`${portal}?notice=advanced&days=${days}`);
          expect(eventsOf(mark).map((event) => event.type)).toEqual([
            'payment_intent.payment_failed',
            'invoice.payment_failed',
          ]);
          expect((await h.provider.retrieveSubscription(subscriptionId))?.status).toBe('past_due');
        }

        // The last retry, at the end of the retry window, fails too: the subscription ends, and
        // its end is in the past.
        mark = h.webhooks.mark();
        const last = await advance();
        expect(locationOf(last)).toBe(`${portal}?notice=advanced&days=7`);
        expect(eventsOf(mark).map((event) => event.type)).toEqual([
          'payment_intent.payment_failed',
          'invoice.payment_failed',
          'customer.subscription.deleted',
        ]);
        subscription = await h.provider.retrieveSubscription(subscriptionId);
        expect(subscription?.status).toBe('canceled');
        expect(subscription?.endedAt?.getTime()).toBeLessThan(now());
        expect(eventsOf(mark)[2]?.data.object).toMatchObject({
          status: 'canceled',
          ended_at: expect.any(Number),
        });
        expect(textOf(await h.app.inject({ url: portal }))).toContain('Ended on');

        // Nothing is left to move.
        mark = h.webhooks.mark();
        const after = await advance();
        expect(locationOf(after)).toBe(`${portal}?notice=nothing-due`);
        expect(eventsOf(mark)).toEqual([]);
      });

      it('recovers a failed renewal when charges succeed again', async () => {
        const { customerId, subscriptionId } = await trialingCustomer();
        const portal = await portalFor(customerId);
        await postForm(h.app, `${portal}/clock/charges`, { outcome: 'fail' });
        await postForm(h.app, `${portal}/clock/advance`, {});
        expect((await h.provider.retrieveSubscription(subscriptionId))?.status).toBe('past_due');

        const succeed = await postForm(h.app, `${portal}/clock/charges`, { outcome: 'succeed' });
        expect(locationOf(succeed)).toBe(`${portal}?notice=charges-succeed`);
        const mark = h.webhooks.mark();
        await postForm(h.app, `${portal}/clock/advance`, {});
        expect(eventsOf(mark).map((event) => event.type)).toEqual([
          'payment_intent.succeeded',
          'invoice.paid',
          'customer.subscription.updated',
        ]);
        expect((await h.provider.retrieveSubscription(subscriptionId))?.status).toBe('active');
      });

      it('ends a subscription canceled at period end when the clock reaches that end', async () => {
        const { customerId, subscriptionId } = await trialingCustomer();
        const portal = await portalFor(customerId);
        await postForm(h.app, `${portal}/clock/advance`, {}); // trial end: active
        await postForm(h.app, `${portal}/cancel`, { subscription: subscriptionId });
        const canceled = await h.provider.retrieveSubscription(subscriptionId);

        const mark = h.webhooks.mark();
        await postForm(h.app, `${portal}/clock/advance`, {});
        expect(eventsOf(mark).map((event) => event.type)).toEqual(['customer.subscription.deleted']);
        const ended = await h.provider.retrieveSubscription(subscriptionId);
        expect(ended?.status).toBe('canceled');
        expect(ended?.endedAt?.getTime()).toBeLessThan(now());
        // It ended when the paid year ran out, shifted into the past with everything else.
        expect(ended?.endedAt?.getTime()).toBe(ended?.currentPeriodEnd?.getTime());
        expect(ended?.endedAt?.getTime()).toBeLessThan(canceled?.currentPeriodEnd?.getTime() ?? 0);
      });

      it("ends a trial started without a card at the trial's end instead of charging nobody", async () => {
        const { session, path, customerId } = await subscriptionCheckout({
          paymentMethodCollection: 'if_required',
        });
        await postForm(h.app, path, { cardNumber: '', expiry: '', cvc: '' });
        const subscriptionId = (await h.provider.retrieveCheckoutSession(session.id))?.subscriptionId ?? '';
        const portal = await portalFor(customerId ?? '');
        expect(textOf(await h.app.inject({ url: portal }))).toContain(
          'with no card on file the plan ends with it',
        );

        const mark = h.webhooks.mark();
        await postForm(h.app, `${portal}/clock/advance`, {});
        expect(eventsOf(mark).map((event) => event.type)).toEqual(['customer.subscription.deleted']);
        expect(await h.provider.retrieveSubscription(subscriptionId)).toMatchObject({ status: 'canceled' });
      });
    });
  });
});

describe('local billing portal with a production configuration', () => {
  let h: LocalPaymentsHarness;
  beforeAll(async () => {
    h = await startLocalPayments({ appEnv: 'production', isProduction: true });
  });
  afterAll(async () => h.close());

  it('has no test clock', async () => {
    const customer = await h.provider.createCustomer({ email: 'prod@example.com', userId: null });
    const { url } = await h.provider.createPortalSession({
      customerId: customer.id,
      returnUrl: h.config.publicUrl,
    });
    const page = await h.app.inject({ url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(textOf(page)).not.toContain('Test clock');
    const advance = await postForm(h.app, `${pathOf(url)}/clock/advance`, {});
    expect(advance.statusCode).toBe(404);
    await expect(h.provider.advanceClock(pathOf(url).split('/').at(-1) ?? '')).rejects.toThrow('production');
  });
});
