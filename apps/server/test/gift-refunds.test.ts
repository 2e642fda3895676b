import { asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditEvent, giftPurchase, paymentCustomer, redemptionCode } from '../src/db/schema';
import { LocalPaymentProvider } from '../src/integrations/payments/local/local-provider';
import { redeemMessages } from '../src/modules/gifts/redeem';
import { reconcileGiftRefund } from '../src/modules/gifts/refunds';
import { createPaymentsForSupport } from '../src/modules/payments/refunds';
import type { PaymentsForSupport } from '../src/modules/payments/support';
import { call, callOk, dataOf, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { freshPhoneNumber, outbox, randomIp } from './support/auth';
import { buyPaidGift, payGift, purchaseOfSession, redeem, startGift } from './support/gifts';
import { type CapturedWebhook, capturingDelivery, deliverPaymentWebhook } from './support/payments';
import { until } from './support/webhook';

const config = testConfig();

// A gift's refund from the support console voids its unredeemed codes in proportion, through the
// provider's charge.refunded webhook (docs/payments.md, "Refunds"), on the local provider.
describe('gift refunds', () => {
  let t: TestApp;
  let admin: Person;
  let provider: LocalPaymentProvider;
  let support: PaymentsForSupport;
  const adminPhone = freshPhoneNumber();
  const delivery = capturingDelivery();

  beforeAll(async () => {
    t = await createTestApp(
      { admin: { userIds: new Set(), phoneNumbers: new Set([adminPhone]), emails: new Set() } },
      { paymentWebhookDelivery: delivery.deliver },
    );
    delivery.attach(t.app);
    admin = await signUp(t.app, adminPhone);
    // Another server's provider on the same database, for refunds and looks the tests make directly.
    provider = new LocalPaymentProvider(config, {
      db: t.database.db,
      log: pino({ level: 'silent' }),
      deliver: delivery.deliver,
      retryDelaysMs: [],
      clockIntervalMs: 3_600_000,
    });
    support = createPaymentsForSupport({ db: t.database.db, provider });
  });
  afterAll(async () => {
    await provider.close();
    await t.close();
  });

  const asAdmin = (name: Parameters<typeof call>[1], input?: unknown) =>
    call(t.app, name, input, { token: admin.token });
  const guestEmail = () => `giver-${randomIp()}@example.com`;
  const codesOf = (giftPurchaseId: string) =>
    t.database.db
      .select()
      .from(redemptionCode)
      .where(eq(redemptionCode.giftPurchaseId, giftPurchaseId))
      .orderBy(asc(redemptionCode.code));
  const voidedOf = async (giftPurchaseId: string) =>
    (await codesOf(giftPurchaseId)).filter((code) => code.voidedAt !== null).map((code) => code.code);
  const refundEvents = (from: number) =>
    delivery.captured.slice(from).filter((webhook) => webhook.type === 'charge.refunded');
  const deliver = async (webhook: CapturedWebhook) => {
    const res = await deliverPaymentWebhook(t.app, webhook.payload, webhook.signature);
    expect(res.statusCode).toBe(200);
  };

  /** A guest's paid gift of `quantity` codes, as the console finds it by one of its codes. */
  async function guestGift(quantity: number) {
    const email = guestEmail();
    const { sessionId, codes } = await buyPaidGift(t.app, t.database.db, config, quantity, email);
    const purchase = await purchaseOfSession(t.database.db, sessionId);
    return { purchase, codes, email };
  }

  it('records the charge that paid a gift, and the console finds the purchase by code, e-mail, id and charge', async () => {
    const { purchase, codes, email } = await guestGift(2);
    expect(purchase.purchaserUserId).toBeNull();
    expect(purchase.paymentId).toMatch(/^ch_local_/);
    for (const q of [codes[1] ?? '', email.toUpperCase(), purchase.id, purchase.paymentId ?? '']) {
      const found = dataOf('adminFindPeople', await asAdmin('adminFindPeople', { q }));
      expect(found.giftPurchases.map((p) => p.id)).toEqual([purchase.id]);
    }
    const [listed] = dataOf(
      'adminFindPeople',
      await asAdmin('adminFindPeople', { q: codes[0] ?? '' }),
    ).giftPurchases;
    expect(listed).toMatchObject({
      status: 'paid',
      quantity: 2,
      email,
      paymentId: purchase.paymentId,
      payment: { amountCents: expect.any(Number), currency: 'usd', refundedCents: 0 },
    });
    expect(listed?.codes.map((code) => code.voidedAt)).toEqual([null, null]);
  });

  it('voids unredeemed codes in proportion to the refund; a redeemed code keeps its year; redeliveries change nothing', async () => {
    const { purchase, codes } = await guestGift(3);
    const recipient = await signUp(t.app);
    const redeemed = codes[1] ?? '';
    expect((await redeem(t.app, recipient, redeemed)).statusCode).toBe(200);
    const paid = await support.payment(purchase.paymentId ?? '');
    const oneCode = (paid?.amountCents ?? 0) / 3;
    expect(Number.isInteger(oneCode) && oneCode > 0).toBe(true);

    const from = delivery.captured.length;
    const partial = await asAdmin('adminRefundGiftPurchase', {
      giftPurchaseId: purchase.id,
      amountCents: oneCode,
      reason: 'one recipient did not want it',
    });
    expect(dataOf('adminRefundGiftPurchase', partial)).toMatchObject({ amountCents: oneCode });
    await until(async () => (await voidedOf(purchase.id)).length === 1, 'one code voided');
    // The first unredeemed code in code order.
    expect(await voidedOf(purchase.id)).toEqual([codes[0]]);
    // Sent again, the confirmation holds the codes that still work, not the voided one.
    const resent = await asAdmin('adminResendGiftEmail', { giftPurchaseId: purchase.id, reason: 'lost it' });
    const { sentTo } = dataOf('adminResendGiftEmail', resent);
    const body = (await outbox(t.app)).find((message) => message.to === sentTo)?.body ?? '';
    expect(body).toContain(codes[1]);
    expect(body).toContain(codes[2]);
    expect(body).not.toContain(codes[0]);

    const full = await asAdmin('adminRefundGiftPurchase', {
      giftPurchaseId: purchase.id,
      reason: 'the buyer asked for the rest back',
    });
    expect(dataOf('adminRefundGiftPurchase', full)).toMatchObject({ amountCents: 2 * oneCode });
    await until(async () => (await voidedOf(purchase.id)).length === 2, 'the other unredeemed code voided');
    const settled = await codesOf(purchase.id);
    expect(settled.map((code) => [code.code, code.voidedAt !== null, code.redeemedAt !== null])).toEqual([
      [codes[0], true, false],
      [codes[1], false, true],
      [codes[2], true, false],
    ]);
    const { subscriber } = await callOk(t.app, 'getSubscriber', undefined, recipient.token);
    expect(new Date(subscriber.entitlements.premium?.expires_date ?? 0).getTime()).toBeGreaterThan(
      Date.now(),
    );

    // Every refund event again, twice: nothing moves.
    const events = refundEvents(from);
    expect(events).toHaveLength(2);
    for (const event of [...events, ...events]) await deliver(event);
    expect(await codesOf(purchase.id)).toEqual(settled);

    // A voided code is refused with its own message.
    const other = await signUp(t.app);
    expect(failureOf(await redeem(t.app, other, codes[0] ?? ''))).toMatchObject({
      status: 400,
      error: redeemMessages.voided,
    });

    // The buyer's own page lists every code and which were voided.
    const view = dataOf(
      'getGiftPurchase',
      await call(t.app, 'getGiftPurchase', {
        sessionId: purchase.checkoutSessionId ?? '',
        redemptionCode: codes[1] ?? '',
      }),
    );
    expect(view).toMatchObject({ codes, voidedCodes: [codes[0], codes[2]] });

    // The console shows it, and the log has both refunds and the resend between them.
    const [listed] = dataOf(
      'adminFindPeople',
      await asAdmin('adminFindPeople', { q: purchase.id }),
    ).giftPurchases;
    expect(listed?.payment?.refundedCents).toBe(3 * oneCode);
    expect(listed?.codes.map((code) => code.voidedAt !== null)).toEqual([true, false, true]);
    const audit = await t.database.db
      .select()
      .from(adminAuditEvent)
      .where(eq(adminAuditEvent.targetRef, purchase.id))
      .orderBy(asc(adminAuditEvent.at));
    expect(audit.map((row) => [row.action, row.actorUid, row.details.amountCents])).toEqual([
      ['refundGiftPurchase', admin.uid, oneCode],
      ['resendGiftEmail', admin.uid, undefined],
      ['refundGiftPurchase', admin.uid, 2 * oneCode],
    ]);
    expect(audit[0]?.details).toMatchObject({ paymentId: purchase.paymentId });
  });

  it("still voids when the refund's event arrives before the checkout's paid event", async () => {
    const { url, sessionId } = await startGift(t.app, config, { quantity: 3 });
    const from = delivery.captured.length;
    delivery.pause();
    try {
      expect((await payGift(t.app, url, guestEmail())).statusCode).toBe(303);
      const paymentId = (await provider.retrieveCheckoutSession(sessionId))?.paymentId;
      if (!paymentId) throw new Error('the paid checkout names no charge');
      await support.refundGiftPayment({ paymentId });
      const [refunded] = refundEvents(from);
      if (!refunded) throw new Error('no charge.refunded event');
      // The refund first: no purchase has the charge yet, so it is only recorded.
      await deliver(refunded);
      const pending = await purchaseOfSession(t.database.db, sessionId);
      expect(pending).toMatchObject({ status: 'pending', paymentId: null });
      expect(await voidedOf(pending.id)).toEqual([]);
    } finally {
      delivery.resume();
    }
    const completed = delivery.captured
      .slice(from)
      .find((webhook) => webhook.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed event');
    await deliver(completed);
    const purchase = await purchaseOfSession(t.database.db, sessionId);
    expect(purchase.status).toBe('paid');
    expect(await voidedOf(purchase.id)).toHaveLength(3);
    // With every code voided there is nothing to send again.
    expect(
      failureOf(await asAdmin('adminResendGiftEmail', { giftPurchaseId: purchase.id, reason: 'lost it' })),
    ).toMatchObject({ status: 400, error: expect.stringContaining('refunded') });
  });

  it('voids the right number when two deliveries of one refund run at once', async () => {
    const { purchase } = await guestGift(4);
    const paid = await support.payment(purchase.paymentId ?? '');
    const perCode = (paid?.amountCents ?? 0) / 4;
    const from = delivery.captured.length;
    delivery.pause();
    try {
      await support.refundGiftPayment({ paymentId: purchase.paymentId ?? '', amountCents: 2 * perCode });
    } finally {
      delivery.resume();
    }
    const [refunded] = refundEvents(from);
    if (!refunded) throw new Error('no charge.refunded event');
    await Promise.all([deliver(refunded), deliver(refunded), deliver(refunded)]);
    expect(await voidedOf(purchase.id)).toHaveLength(2);

    // The reconciliation itself, from several callers at once, after one more code's refund.
    delivery.pause();
    try {
      await support.refundGiftPayment({ paymentId: purchase.paymentId ?? '', amountCents: perCode });
      const now = await support.payment(purchase.paymentId ?? '');
      if (!now) throw new Error('the payment is gone');
      const results = await Promise.all(
        [1, 2, 3, 4].map(() => reconcileGiftRefund(t.database.db, now, new Date())),
      );
      expect(results.map((result) => result?.voided).sort()).toEqual([0, 0, 0, 1]);
      expect(await voidedOf(purchase.id)).toHaveLength(3);
    } finally {
      delivery.resume();
    }
  });

  describe('refusals', () => {
    it('answers 400 for more than is left and for an unpaid purchase, 404 for an unknown one, and logs nothing', async () => {
      const { purchase } = await guestGift(1);
      const paid = await support.payment(purchase.paymentId ?? '');
      const over = await asAdmin('adminRefundGiftPurchase', {
        giftPurchaseId: purchase.id,
        amountCents: (paid?.amountCents ?? 0) + 1,
        reason: 'too much',
      });
      expect(failureOf(over)).toMatchObject({
        status: 400,
        error: expect.stringContaining('more than is left'),
      });

      const { sessionId } = await startGift(t.app, config, { quantity: 1 });
      const unpaid = await purchaseOfSession(t.database.db, sessionId);
      expect(
        failureOf(
          await asAdmin('adminRefundGiftPurchase', { giftPurchaseId: unpaid.id, reason: 'not paid yet' }),
        ),
      ).toMatchObject({ status: 400, error: expect.stringContaining('never paid') });

      // Paid before its charge was recorded: the console says where to refund it instead.
      const older = await guestGift(1);
      await t.database.db
        .update(giftPurchase)
        .set({ paymentId: null })
        .where(eq(giftPurchase.id, older.purchase.id));
      expect(
        failureOf(
          await asAdmin('adminRefundGiftPurchase', {
            giftPurchaseId: older.purchase.id,
            reason: 'older gift',
          }),
        ),
      ).toMatchObject({ status: 400, error: expect.stringContaining('no recorded payment') });

      const unknown = await asAdmin('adminRefundGiftPurchase', {
        giftPurchaseId: '00000000-0000-4000-8000-000000000000',
        reason: 'no such purchase',
      });
      expect(failureOf(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      const logged = await t.database.db
        .select()
        .from(adminAuditEvent)
        .where(eq(adminAuditEvent.targetRef, purchase.id));
      expect(logged).toEqual([]);
      expect(
        (await t.database.db.select().from(giftPurchase).where(eq(giftPurchase.id, purchase.id)))[0],
      ).toMatchObject({ status: 'paid' });
    });
  });

  it('finds a person by their payment customer id', async () => {
    const person = await signUp(t.app);
    const customerId = `cus_local_${person.uid.replace(/[^A-Za-z0-9]/g, '').slice(0, 20)}`;
    await t.database.db.insert(paymentCustomer).values({ userId: person.uid, provider: 'local', customerId });
    const found = dataOf('adminFindPeople', await asAdmin('adminFindPeople', { q: customerId }));
    expect(found.people).toEqual([expect.objectContaining({ uid: person.uid, matchedBy: 'customerId' })]);
    const none = dataOf('adminFindPeople', await asAdmin('adminFindPeople', { q: 'cus_local_nobody' }));
    expect(none.people).toEqual([]);
  });
});
