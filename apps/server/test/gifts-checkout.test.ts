import { count, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftPurchase, processedPaymentEvent } from '../src/db/schema';
import { LocalPaymentProvider } from '../src/integrations/payments/local/local-provider';
import { localWebhookSecret } from '../src/integrations/payments/local/webhook-secret';
import { CODE_ALPHABET } from '../src/modules/gifts/codes';
import { giftRateLimits } from '../src/modules/gifts/rate-limits';
import { call, dataOf, failureOf, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { type OutboxEntry, outbox, randomIp } from './support/auth';
import {
  buyPaidGift,
  codesOfSession,
  giftBody,
  payGift,
  purchaseOfSession,
  startGift,
} from './support/gifts';
import { locationOf, pathOf } from './support/local-payments';
import {
  capturingDelivery,
  deliverPaymentWebhook,
  deliverSignedEvent,
  stripeEvent,
} from './support/payments';
import { until } from './support/webhook';

const config = testConfig();
const FOREIGN_PRICE = 'price_1NotOneOfOurs';
const codePattern = new RegExp(`^[${CODE_ALPHABET}]{6}$`);

describe('gift checkout and fulfilment', () => {
  let t: TestApp;
  const delivery = capturingDelivery();
  beforeAll(async () => {
    t = await createTestApp({}, { paymentWebhookDelivery: delivery.deliver });
    delivery.attach(t.app);
  });
  afterAll(() => t.close());

  const purchases = async () => (await t.database.db.select({ n: count() }).from(giftPurchase))[0]?.n ?? 0;
  const mailsTo = async (email: string): Promise<OutboxEntry[]> =>
    (await outbox(t.app)).filter((entry) => entry.channel === 'email' && entry.to === email);
  let buyers = 0;
  const newBuyerEmail = () => `giver${++buyers}@example.com`;

  describe('createStripeCheckoutSessionForGift: bad input', () => {
    const expectBadRequest = async (body: unknown, mention: string | RegExp) => {
      const before = await purchases();
      const failure = failureOf(await call(t.app, 'createStripeCheckoutSessionForGift', body));
      expect(failure).toMatchObject({ status: 400, success: false, code: 'BAD_REQUEST' });
      expect(failure.error).toMatch(mention);
      // Nothing is stored for a refused call.
      expect(await purchases()).toBe(before);
    };

    it.each([
      [0, 'quantity must be at least 1'],
      [21, 'quantity can be at most 20'],
      [1.5, 'quantity must be a whole number'],
      ['2', 'quantity must be a number'],
    ])('refuses quantity %j', async (quantity, message) => {
      await expectBadRequest(giftBody(config, { quantity }), message);
    });

    it("refuses a price that is not ours, and a subscription's price", async () => {
      await expectBadRequest(
        giftBody(config, { priceId: FOREIGN_PRICE }),
        "That price is not one of Stillpoint's prices.",
      );
      await expectBadRequest(
        giftBody(config, { priceId: config.prices.annual }),
        'That price is for a subscription, not a gift.',
      );
      await expectBadRequest(giftBody(config, { priceId: '' }), 'priceId is required');
    });

    it.each([
      ['successPath', 'https://evil.example/gift'],
      ['successPath', '//evil.example/gift'],
      ['cancelPath', '/\\evil.example'],
      ['cancelPath', 'gift'],
    ])('refuses a %s that leaves the site (%s)', async (field, value) => {
      await expectBadRequest(giftBody(config, { [field]: value }), `${field} must be a path on this site`);
    });

    it('refuses a missing, empty or malformed body, and unknown fields, without a 500', async () => {
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/createStripeCheckoutSessionForGift',
        headers: { 'content-type': 'application/json' },
        remoteAddress: randomIp(),
      });
      expect(failureOf(empty)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      await expectBadRequest({}, /priceId|quantity|successPath/);
      await expectBadRequest(giftBody(config, { sneaky: true }), /sneaky/);
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/createStripeCheckoutSessionForGift',
        headers: { 'content-type': 'application/json' },
        payload: '{"quantity":',
        remoteAddress: randomIp(),
      });
      expect(failureOf(notJson)).toMatchObject({ status: 400, error: 'The request body is not valid JSON.' });
    });
  });

  describe('buying', () => {
    it('lets a visitor buy without signing in: a one-time checkout with the quantity, which asks for an e-mail', async () => {
      const { url, sessionId } = await startGift(t.app, config, {
        quantity: 3,
        referralGroup: ' spring-campaign ',
      });
      expect(url.startsWith(`${config.publicUrl}/local-pay/checkout/`)).toBe(true);
      const purchase = await purchaseOfSession(t.database.db, sessionId);
      expect(purchase).toMatchObject({
        provider: 'local',
        purchaserUserId: null,
        purchaserEmail: null,
        quantity: 3,
        priceId: config.prices.gift,
        referralGroup: 'spring-campaign',
        status: 'pending',
        paidAt: null,
      });
      // One code per gifted year, made with the purchase.
      const codes = await codesOfSession(t.database.db, sessionId);
      expect(codes).toHaveLength(3);
      for (const code of codes) expect(code).toMatch(codePattern);

      const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('One-time purchase');
      expect(page.body).toContain('Stillpoint gift: 1 year of Premium');
      expect(page.body).toMatch(/<dt>Quantity<\/dt><dd>3<\/dd>/);
      expect(page.body).toContain('$149.97');
      expect(page.body).toContain('Pay $149.97');
      expect(page.body).toMatch(/<label for="email">Email<\/label>/);
    });

    it('records a signed-in buyer', async () => {
      const person = await signUp(t.app);
      const { sessionId } = await startGift(t.app, config, {}, { token: person.token });
      expect((await purchaseOfSession(t.database.db, sessionId)).purchaserUserId).toBe(person.uid);
    });

    it('sends the buyer back with stripe_success, the first code and the checkout id filled in', async () => {
      const email = newBuyerEmail();
      const { url, sessionId } = await startGift(t.app, config, {
        quantity: 2,
        successPath: '/gift?from=home#done',
      });
      const paid = await payGift(t.app, url, email);
      expect(paid.statusCode).toBe(303);
      const back = new URL(String(paid.headers.location));
      const codes = await codesOfSession(t.database.db, sessionId);
      expect(back.origin + back.pathname).toBe(`${config.publicUrl}/gift`);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        from: 'home',
        stripe_success: 'true',
        redemptionCode: codes[0],
        session_id: sessionId,
      });
      expect(back.hash).toBe('#done');
    });

    it('needs the e-mail on the hosted page, and a declined card pays nothing', async () => {
      const { url, sessionId } = await startGift(t.app, config);
      // A refused Pay answers with a redirect to the form again, with what was wrong (POST-redirect-GET).
      const shown = async (pay: Awaited<ReturnType<typeof payGift>>) => {
        expect(pay.statusCode).toBe(303);
        return (await t.app.inject({ method: 'GET', url: pathOf(locationOf(pay)) })).body;
      };
      expect(await shown(await payGift(t.app, url, ''))).toContain('Enter your email address.');
      expect(await shown(await payGift(t.app, url, newBuyerEmail(), '4000 0000 0000 0002'))).toContain(
        'Your card was declined.',
      );
      expect((await purchaseOfSession(t.database.db, sessionId)).status).toBe('pending');
    });
  });

  describe('fulfilment through the webhook', () => {
    it('turns the purchase paid and e-mails every code once, however often the event is delivered', async () => {
      const email = newBuyerEmail();
      const { url, sessionId } = await startGift(t.app, config, { quantity: 2 });
      const codesBefore = await codesOfSession(t.database.db, sessionId);
      const mark = delivery.captured.length;
      expect((await payGift(t.app, url, email)).statusCode).toBe(303);
      await until(async () => (await purchaseOfSession(t.database.db, sessionId)).status === 'paid', 'paid');

      const completed = delivery.captured
        .slice(mark)
        .find((event) => event.type === 'checkout.session.completed');
      if (!completed) throw new Error('no checkout.session.completed was sent');
      // Nine more deliveries of the same event, one after another and then all at once.
      for (let again = 0; again < 4; again++) {
        expect((await deliverPaymentWebhook(t.app, completed.payload, completed.signature)).statusCode).toBe(
          200,
        );
      }
      const concurrent = await Promise.all(
        Array.from({ length: 5 }, () => deliverPaymentWebhook(t.app, completed.payload, completed.signature)),
      );
      expect(concurrent.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      // Other events about the same checkout change nothing either.
      for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
        const other = stripeEvent(type, { id: sessionId, object: 'checkout.session' });
        expect(
          (await deliverSignedEvent(t.app, await localWebhookSecret(t.database.db), other)).statusCode,
        ).toBe(200);
      }

      const purchase = await purchaseOfSession(t.database.db, sessionId);
      expect(purchase).toMatchObject({ status: 'paid', purchaserEmail: email });
      expect(purchase.paidAt).toBeInstanceOf(Date);
      expect(purchase.confirmationEmailSentAt).toBeInstanceOf(Date);
      expect(await codesOfSession(t.database.db, sessionId)).toEqual(codesBefore);

      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      const body = mails[0]?.body ?? '';
      expect(body.split('\n')[0]).toBe('Your 2 Stillpoint gift codes');
      for (const code of codesBefore) expect(body).toContain(code);
      expect(body).toContain(`${config.publicUrl}/redeem`);
      expect(body).toContain('support@stillpoint.app');

      const recorded = await t.database.db
        .select()
        .from(processedPaymentEvent)
        .where(eq(processedPaymentEvent.eventId, completed.id));
      expect(recorded).toHaveLength(1);
    });

    it('sends one e-mail when the first deliveries all arrive at once', async () => {
      const email = newBuyerEmail();
      const { url, sessionId } = await startGift(t.app, config);
      delivery.pause();
      const mark = delivery.captured.length;
      try {
        expect((await payGift(t.app, url, email)).statusCode).toBe(303);
      } finally {
        delivery.resume();
      }
      const completed = delivery.captured
        .slice(mark)
        .find((event) => event.type === 'checkout.session.completed');
      if (!completed) throw new Error('no checkout.session.completed was sent');
      expect((await purchaseOfSession(t.database.db, sessionId)).status).toBe('pending');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          deliverPaymentWebhook(t.app, completed.payload, completed.signature),
        ),
      );
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
      expect((await purchaseOfSession(t.database.db, sessionId)).status).toBe('paid');
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it('takes nothing from the payload: an event naming an unpaid checkout as paid changes nothing', async () => {
      const { sessionId } = await startGift(t.app, config);
      const forged = stripeEvent('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        customer_details: { email: 'thief@example.com' },
      });
      expect(
        (await deliverSignedEvent(t.app, await localWebhookSecret(t.database.db), forged)).statusCode,
      ).toBe(200);
      expect(await purchaseOfSession(t.database.db, sessionId)).toMatchObject({
        status: 'pending',
        purchaserEmail: null,
      });
      expect(await mailsTo('thief@example.com')).toHaveLength(0);
    });

    it('expires the purchase of a checkout that expired unpaid', async () => {
      const { sessionId } = await startGift(t.app, config);
      const provider = new LocalPaymentProvider(config, {
        db: t.database.db,
        log: pino({ level: 'silent' }),
        deliver: delivery.deliver,
      });
      try {
        await provider.expireCheckoutSession(sessionId);
        await until(
          async () => (await purchaseOfSession(t.database.db, sessionId)).status === 'expired',
          'the purchase to expire',
        );
      } finally {
        await provider.close();
      }
      const [code = ''] = await codesOfSession(t.database.db, sessionId);
      const res = await call(t.app, 'getGiftPurchase', { sessionId, redemptionCode: code });
      expect(failureOf(res)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });

  describe('getGiftPurchase', () => {
    it('says pending, with no codes, until the payment is confirmed; then every code, the e-mail and the redeem page', async () => {
      const email = newBuyerEmail();
      const { url, sessionId } = await startGift(t.app, config, { quantity: 2 });
      const codes = await codesOfSession(t.database.db, sessionId);
      const read = async (code = codes[1] ?? '') =>
        call(t.app, 'getGiftPurchase', { sessionId, redemptionCode: code });

      expect(dataOf('getGiftPurchase', await read())).toEqual({
        status: 'pending',
        quantity: 2,
        codes: [],
        voidedCodes: [],
        email: null,
        redeemUrl: `${config.publicUrl}/redeem`,
      });

      expect((await payGift(t.app, url, email)).statusCode).toBe(303);
      await until(async () => (await purchaseOfSession(t.database.db, sessionId)).status === 'paid', 'paid');
      // Either code of the purchase opens it, typed in any case.
      for (const code of [codes[0] ?? '', (codes[1] ?? '').toLowerCase()]) {
        expect(dataOf('getGiftPurchase', await read(code))).toEqual({
          status: 'paid',
          quantity: 2,
          codes,
          voidedCodes: [],
          email,
          redeemUrl: `${config.publicUrl}/redeem`,
        });
      }
    });

    it('settles a paid purchase whose webhook has not arrived yet, and still e-mails once', async () => {
      const email = newBuyerEmail();
      const { url, sessionId } = await startGift(t.app, config);
      const [code = ''] = await codesOfSession(t.database.db, sessionId);
      const mark = delivery.captured.length;
      delivery.pause();
      try {
        expect((await payGift(t.app, url, email)).statusCode).toBe(303);
        expect((await purchaseOfSession(t.database.db, sessionId)).status).toBe('pending');
        const res = await call(t.app, 'getGiftPurchase', { sessionId, redemptionCode: code });
        expect(dataOf('getGiftPurchase', res)).toMatchObject({ status: 'paid', codes: [code], email });
      } finally {
        delivery.resume();
      }
      // The provider delivers again (it saw a 503); the webhook finds the work done.
      const completed = delivery.captured
        .slice(mark)
        .find((event) => event.type === 'checkout.session.completed');
      if (!completed) throw new Error('no checkout.session.completed was sent');
      const processed = async () =>
        (
          await t.database.db
            .select()
            .from(processedPaymentEvent)
            .where(eq(processedPaymentEvent.eventId, completed.id))
        ).length === 1;
      await until(processed, 'the redelivered webhook', 10_000);
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it("reveals nothing for a code that is not the checkout's, or a checkout that does not exist", async () => {
      const mine = await buyPaidGift(t.app, t.database.db, config, 1, newBuyerEmail());
      const other = await buyPaidGift(t.app, t.database.db, config, 1, newBuyerEmail());
      const forged = [
        { sessionId: mine.sessionId, redemptionCode: other.codes[0] },
        { sessionId: mine.sessionId, redemptionCode: 'ZZZZZZ' },
        { sessionId: 'cs_local_nothing', redemptionCode: mine.codes[0] },
      ];
      for (const query of forged) {
        const failure = failureOf(await call(t.app, 'getGiftPurchase', query));
        expect(failure).toEqual({
          status: 404,
          success: false,
          code: 'NOT_FOUND',
          error: 'That gift purchase was not found.',
        });
      }
    });

    it('refuses malformed queries with a 400', async () => {
      for (const query of [
        {},
        { sessionId: 'cs_1' },
        { sessionId: 'cs_1', redemptionCode: 'ABC' },
        { sessionId: '', redemptionCode: 'ABCDEF' },
      ]) {
        expect(failureOf(await call(t.app, 'getGiftPurchase', query))).toMatchObject({
          status: 400,
          code: 'BAD_REQUEST',
        });
      }
    });
  });

  describe('rate limits', () => {
    it('limits gift checkouts per address', async () => {
      const ip = randomIp();
      for (let n = 0; n < giftRateLimits.checkout.max; n++) {
        expect(
          (await call(t.app, 'createStripeCheckoutSessionForGift', giftBody(config), { ip })).statusCode,
        ).toBe(200);
      }
      const limited = await call(t.app, 'createStripeCheckoutSessionForGift', giftBody(config), { ip });
      expect(failureOf(limited)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(failureOf(limited).error).toMatch(/^Too many requests\. Please try again in .+\.$/);
      expect((await call(t.app, 'createStripeCheckoutSessionForGift', giftBody(config))).statusCode).toBe(
        200,
      );
    });

    it('limits reading purchases per address', async () => {
      const ip = randomIp();
      const query = { sessionId: 'cs_local_guess', redemptionCode: 'ABCDEF' };
      for (let n = 0; n < giftRateLimits.purchaseRead.max; n++) {
        expect((await call(t.app, 'getGiftPurchase', query, { ip })).statusCode).toBe(404);
      }
      expect((await call(t.app, 'getGiftPurchase', query, { ip })).statusCode).toBe(429);
    });
  });
});
