import {
  badgeText,
  canBuyPlan,
  DAY_MS,
  messages,
  PAYMENT_RETRY_WINDOW_DAYS,
  type SubscriptionState,
} from '@stillpoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSubscription } from '../src/db/schema';
import { LocalStore } from '../src/integrations/payments/local/store';
import { localWebhookSecret } from '../src/integrations/payments/local/webhook-secret';
import { signWebhookPayload } from '../src/integrations/payments/webhook-signature';
import { call, callOk, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { card, locationOf, postForm } from './support/local-payments';
import { capturingDelivery, deliverPaymentWebhook, payOnHostedPage } from './support/payments';
import { until } from './support/webhook';

const config = testConfig();
const API_KEY = 'past-due-test-key-0123456789abcdef';
const PRODUCT = 'stillpoint_monthly_test';

/**
 * A monthly plan whose renewal fails, through the local provider and the app's own webhook, on the
 * test clock: past due with premium kept, a declined and a good card on the portal's card page,
 * and the end of the retry window.
 */
describe('a failed renewal (past due)', () => {
  let t: TestApp;
  let store: LocalStore;
  const delivery = capturingDelivery();
  beforeAll(async () => {
    t = await createTestApp({ entitlementsApiKey: API_KEY }, { paymentWebhookDelivery: delivery.deliver });
    delivery.attach(t.app);
    store = new LocalStore(t.database.db);
  });
  afterAll(() => t.close());

  const stateOf = async (person: Person): Promise<SubscriptionState> => {
    const state = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
    if (!state) throw new Error('no subscription state');
    return state;
  };
  const pathOf = (url: string | null) => new URL(url ?? '').pathname;
  const rowOf = async (person: Person) =>
    (
      await t.database.db.select().from(paymentSubscription).where(eq(paymentSubscription.userId, person.uid))
    )[0];
  const checkout = (person: Person) =>
    call(
      t.app,
      'createStripeCheckoutSessionForSubscription',
      { priceId: config.prices.monthly, cancelPath: '/subscription', successPath: '/subscription' },
      { token: person.token },
    );

  /** The plan's period, as the provider has it now. */
  async function period(person: Person) {
    const row = await rowOf(person);
    if (!row?.currentPeriodStart || !row.currentPeriodEnd) throw new Error('no period');
    return { start: row.currentPeriodStart, end: row.currentPeriodEnd, id: row.id };
  }

  /**
   * Someone paying monthly whose renewal has just failed: bought on the hosted page with 4242
   * (with the checkout's free days), charged at the trial's end on the clock, then the next
   * charge made to fail and the clock moved to the renewal. Answers the portal's home page too.
   */
  async function pastDue(): Promise<{ person: Person; portal: string }> {
    const person = await signUp(t.app);
    const paid = await payOnHostedPage(t.app, (await checkout(person)).json().data.url);
    expect(paid.statusCode).toBe(303);
    await until(async () => (await rowOf(person)) !== undefined, 'the subscription');
    const portal = pathOf((await stateOf(person)).managementUrl);
    await postForm(t.app, `${portal}/clock/advance`, {});
    await until(async () => (await stateOf(person)).isTrial === false, 'the paid plan');
    expect((await rowOf(person))?.status).toBe('active');
    expect(badgeText((await stateOf(person)).subscriber, new Date())).toBe('PRO');

    await postForm(t.app, `${portal}/clock/charges`, { outcome: 'fail' });
    await postForm(t.app, `${portal}/clock/advance`, {});
    await until(async () => (await stateOf(person)).isPaymentFailed, 'payment failed');
    return { person, portal };
  }

  it('keeps premium for the retry window and says payment failed in every answer, never expired', async () => {
    const { person } = await pastDue();
    const { start, end } = await period(person);
    expect((await rowOf(person))?.status).toBe('past_due');
    const windowEnd = new Date(start.getTime() + PAYMENT_RETRY_WINDOW_DAYS * DAY_MS);
    expect(windowEnd.getTime()).toBeLessThan(end.getTime());

    // The subscription state call: the one state, decided on the server's clock.
    const state = await stateOf(person);
    expect(state).toMatchObject({
      name: 'sandbox premium monthly',
      isPaymentFailed: true,
      isExpired: false,
      isTrial: false,
      daysLeft: PAYMENT_RETRY_WINDOW_DAYS,
      info: expect.stringMatching(
        /^Your last payment did not go through\. Premium stays on while it is tried again, until .+\.$/,
      ),
      detailedInfo: 'The charge to Visa ending in 4242 failed. Update your card to keep premium.',
    });
    // The subscriber object: premium in force until the window ends, the billing issue flagged.
    const entry = {
      expires_date: windowEnd.toISOString(),
      period_type: 'normal',
      store: 'stripe',
      billing_issues_detected_at: start.toISOString(),
    };
    expect(state.subscriber.entitlements.premium).toMatchObject({
      product_identifier: PRODUCT,
      expires_date: windowEnd.toISOString(),
    });
    expect(state.subscriber.subscriptions[PRODUCT]).toMatchObject(entry);
    const { subscriber } = await callOk(t.app, 'getSubscriber', undefined, person.token);
    expect(subscriber).toEqual(state.subscriber);
    const service = await t.app.inject({
      url: `/api/subscribers/${person.uid}`,
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(service.json().data.subscriber).toEqual(state.subscriber);

    // Badge, page and upgrade card agree: payment failed, nothing to buy, and checkout agrees.
    expect(badgeText(subscriber, new Date())).toBe('Payment failed');
    expect(canBuyPlan(subscriber, new Date())).toBe(false);
    const again = await checkout(person);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: messages.alreadySubscribed });

    // Update your card: the portal opens on the card page, which says what is owed.
    expect(state.managementUrl).toMatch(/\/local-pay\/portal\/bps_\w+\/card$/);
    const page = await t.app.inject({ url: pathOf(state.managementUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payment failed.');
    expect(page.body).toContain('Save card and pay $6.99');
  });

  it('stays past due when the new card is declined, and the page says why', async () => {
    const { person } = await pastDue();
    const cardPage = pathOf((await stateOf(person)).managementUrl);
    const from = delivery.captured.length;

    const declined = await postForm(t.app, cardPage, card.declined);
    expect(declined.statusCode).toBe(303);
    expect(locationOf(declined)).toBe(`${config.publicUrl}${cardPage}?attempt=1`);
    const shown = await t.app.inject({ url: `${pathOf(locationOf(declined))}?attempt=1` });
    expect(shown.body).toContain('Your card was declined.');
    // A malformed card is refused before any bank is asked, field by field.
    const malformed = await postForm(t.app, cardPage, { cardNumber: '4242', expiry: '01 / 20', cvc: '1' });
    const malformedPage = await t.app.inject({ url: `${cardPage}?attempt=2` });
    expect(locationOf(malformed)).toBe(`${config.publicUrl}${cardPage}?attempt=2`);
    expect(malformedPage.body).toContain('aria-invalid="true"');

    const customerId = (await rowOf(person))?.customerId ?? 'none';
    // Only this person's: the clock's sweep may deliver other customers' events meanwhile.
    const theirs = delivery.captured.slice(from).filter((event) => event.payload.includes(customerId));
    expect(theirs.map((event) => event.type)).not.toContain('invoice.paid');
    expect((await rowOf(person))?.status).toBe('past_due');
    expect(await stateOf(person)).toMatchObject({ isPaymentFailed: true, isExpired: false });
  });

  it('a good card pays the open invoice at once: active again, premium renewed to the period end', async () => {
    const { person } = await pastDue();
    const { start, end, id } = await period(person);
    const state = await stateOf(person);
    const cardPage = pathOf(state.managementUrl);

    const saved = await postForm(t.app, cardPage, {
      cardNumber: '5555 5555 5555 4444',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(saved.statusCode).toBe(303);
    // The portal was opened for the card: back to the subscription page.
    expect(locationOf(saved)).toBe(`${config.publicUrl}/subscription`);
    await until(async () => !(await stateOf(person)).isPaymentFailed, 'the recovery');

    expect((await rowOf(person))?.status).toBe('active');
    const after = await stateOf(person);
    expect(after).toMatchObject({
      isPaymentFailed: false,
      isExpired: false,
      info: expect.stringMatching(/^Your plan renews on /),
    });
    expect(after.detailedInfo).toBe('Paid with Mastercard ending in 4444.');
    expect(after.subscriber.subscriptions[PRODUCT]).toMatchObject({
      expires_date: end.toISOString(),
      billing_issues_detected_at: null,
    });
    expect(badgeText(after.subscriber, new Date())).toBe('PRO');
    // The same period as before, paid: the renewal is not moved to today.
    expect((await period(person)).start).toEqual(start);

    // Once: the invoice was charged to the new card a single time, and a second press pays nothing.
    const again = await postForm(t.app, cardPage, card.succeeds);
    expect(again.statusCode).toBe(303);
    const renewalCharges = (
      await store.list('payment_intent', { customerId: (await rowOf(person))?.customerId ?? '' })
    ).filter((intent) => intent.local_purpose.kind === 'renewal' && intent.status === 'succeeded');
    // The first charge at the trial's end and the failed renewal paid by the new card.
    expect(renewalCharges.map((intent) => intent.amount)).toEqual([699, 699]);
    expect((await store.get('subscription', id))?.status).toBe('active');
  });

  it('pays once when the card is saved twice at the same moment', async () => {
    const { person } = await pastDue();
    const cardPage = pathOf((await stateOf(person)).managementUrl);
    const customerId = (await rowOf(person))?.customerId ?? '';
    const before = (await store.list('payment_intent', { customerId })).filter(
      (i) => i.status === 'succeeded',
    ).length;

    const answers = await Promise.all([
      postForm(t.app, cardPage, card.succeeds),
      postForm(t.app, cardPage, card.succeeds),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303]);
    const succeeded = (await store.list('payment_intent', { customerId })).filter(
      (i) => i.status === 'succeeded',
    );
    expect(succeeded.length - before).toBe(1);
    await until(async () => (await rowOf(person))?.status === 'active', 'the recovery');
  });

  it('a card that asks for authentication pays once authenticated, and not when authentication fails', async () => {
    const { person } = await pastDue();
    const cardPage = pathOf((await stateOf(person)).managementUrl);

    const asked = await postForm(t.app, cardPage, card.authenticate);
    expect(locationOf(asked)).toMatch(/\/local-pay\/authenticate\/seti_/);
    const authPage = await t.app.inject({ url: pathOf(locationOf(asked)) });
    expect(authPage.body).toContain('charge it for your plan');
    const failed = await postForm(t.app, pathOf(locationOf(asked)), { outcome: 'fail' });
    expect(locationOf(failed)).toBe(`${config.publicUrl}${cardPage}?attempt=1`);
    expect((await t.app.inject({ url: `${cardPage}?attempt=1` })).body).toContain('unable to authenticate');
    expect((await rowOf(person))?.status).toBe('past_due');

    const again = await postForm(t.app, cardPage, card.authenticate);
    const done = await postForm(t.app, pathOf(locationOf(again)), { outcome: 'complete' });
    expect(locationOf(done)).toBe(`${config.publicUrl}/subscription`);
    await until(async () => (await rowOf(person))?.status === 'active', 'the recovery');
    expect(await stateOf(person)).toMatchObject({ isPaymentFailed: false, isExpired: false });
  });

  it('ends in the newest state when the recovery and the failure arrive out of order or again', async () => {
    const { person } = await pastDue();
    const failure = delivery.captured.findLast((event) => event.type === 'invoice.payment_failed');
    const cardPage = pathOf((await stateOf(person)).managementUrl);

    delivery.pause();
    let held: typeof delivery.captured = [];
    try {
      const from = delivery.captured.length;
      await postForm(t.app, cardPage, card.succeeds);
      held = delivery.captured.slice(from);
    } finally {
      delivery.resume();
    }
    expect(held.map((event) => event.type)).toContain('invoice.paid');
    expect((await stateOf(person)).isPaymentFailed).toBe(true);
    for (const event of [...held].reverse()) {
      expect((await deliverPaymentWebhook(t.app, event.payload, event.signature)).statusCode).toBe(200);
    }
    expect(await stateOf(person)).toMatchObject({ isPaymentFailed: false, isExpired: false });

    // The old failure again, as a redelivery and as a late event of its own: still active.
    if (!failure) throw new Error('no failure was delivered');
    await deliverPaymentWebhook(t.app, failure.payload, failure.signature);
    const late = failure.payload.replace(`"${failure.id}"`, `"${failure.id}_late"`);
    const secret = await localWebhookSecret(t.database.db);
    expect(
      (await deliverPaymentWebhook(t.app, late, await signWebhookPayload(late, secret))).statusCode,
    ).toBe(200);
    expect(await stateOf(person)).toMatchObject({ isPaymentFailed: false, isExpired: false });
    expect(badgeText((await stateOf(person)).subscriber, new Date())).toBe('PRO');
  });

  it("updates the card of a plan that pays, from the portal's home page, charging nothing", async () => {
    const person = await signUp(t.app);
    await payOnHostedPage(t.app, (await checkout(person)).json().data.url);
    await until(async () => (await rowOf(person)) !== undefined, 'the subscription');
    const portal = pathOf((await stateOf(person)).managementUrl);
    const home = await t.app.inject({ url: portal });
    expect(home.body).toContain(`href="${portal}/card"`);
    expect(home.body).toContain('Update card');

    const page = await t.app.inject({ url: `${portal}/card` });
    expect(page.body).toContain('Card on file: <strong>Visa ending in 4242</strong>');
    expect(page.body).not.toContain('Payment failed');
    expect(page.body).toContain('>Save card<');
    expect(page.body).toContain(`href="${config.publicUrl}${portal}"`);

    const from = delivery.captured.length;
    const saved = await postForm(t.app, `${portal}/card`, {
      cardNumber: '5555 5555 5555 4444',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(locationOf(saved)).toBe(`${config.publicUrl}${portal}?notice=card-updated`);
    expect((await t.app.inject({ url: `${pathOf(locationOf(saved))}?notice=card-updated` })).body).toContain(
      'Your card is updated.',
    );
    const customerId = (await rowOf(person))?.customerId ?? 'none';
    // Only this person's: the clock's sweep may deliver other customers' events meanwhile.
    const theirs = delivery.captured.slice(from).filter((event) => event.payload.includes(customerId));
    expect(theirs.map((event) => event.type)).not.toContain('invoice.paid');
    expect(theirs.map((event) => event.type)).toContain('customer.subscription.updated');
    await until(
      async () => (await rowOf(person))?.paymentMethod === 'Mastercard ending in 4444',
      'the new card',
    );
    expect((await rowOf(person))?.status).toBe('trialing');
  });

  it('answers an unknown or malformed billing link with its expired page', async () => {
    for (const id of ['bps_local_doesnotexist', 'not-an-id', '..']) {
      expect((await t.app.inject({ url: `/local-pay/portal/${id}/card` })).statusCode).toBe(404);
      expect((await postForm(t.app, `/local-pay/portal/${id}/card`, card.succeeds)).statusCode).toBe(404);
    }
  });

  it('reads expired, as today, once the retry window ends with every retry failed, and a plan can be bought again', async () => {
    const { person, portal } = await pastDue();
    const advance = () => postForm(t.app, `${portal}/clock/advance`, {});

    // Retries on days 3 and 7 fail too: still payment failed, premium still on.
    for (const days of [3, 4]) {
      expect(locationOf(await advance())).toBe(`${portal}?notice=advanced&days=${days}`);
      expect((await rowOf(person))?.status).toBe('past_due');
      expect(await stateOf(person)).toMatchObject({ isPaymentFailed: true, isExpired: false });
    }
    const portalPage = await t.app.inject({ url: portal });
    expect(portalPage.body).toContain('tried again for the last time and fails, so the plan ends');

    // The last retry, at the window's end: the provider gives up and the plan has ended.
    expect(locationOf(await advance())).toBe(`${portal}?notice=advanced&days=7`);
    await until(async () => (await rowOf(person))?.status === 'canceled', 'the cancellation');
    const state = await stateOf(person);
    expect(state).toMatchObject({
      isPaymentFailed: false,
      isExpired: true,
      info: expect.stringMatching(/^Your subscription expired on /),
    });
    expect(badgeText(state.subscriber, new Date())).toBe('Subscription expired');
    expect(state.subscriber.subscriptions[PRODUCT]?.billing_issues_detected_at).toBeNull();
    expect(canBuyPlan(state.subscriber, new Date())).toBe(true);
    expect((await checkout(person)).statusCode).toBe(200);
  });
});
