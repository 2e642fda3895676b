import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalPaymentProvider } from '../src/integrations/payments/local/local-provider';
import type { ProviderSubscription } from '../src/integrations/payments/provider';
import * as paymentsRepo from '../src/modules/payments/repo';
import { claimPurchaseLock, releasePurchaseLock } from '../src/modules/payments/repo';
import { isLiveSubscription } from '../src/modules/payments/second-subscriptions';
import { callOk, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { card } from './support/local-payments';
import { capturingDelivery, payOnHostedPage } from './support/payments';
import { until } from './support/webhook';

const config = testConfig();
const { annual, monthly } = config.prices;

/**
 * A person holds at most one live web subscription, however many checkouts or embedded forms
 * they open, in however many tabs, at once or one after another. Everything runs through the
 * real app, the local provider and its webhooks.
 */
describe('one live subscription per person', () => {
  let t: TestApp;
  let provider: LocalPaymentProvider;
  const delivery = capturingDelivery();

  beforeAll(async () => {
    t = await createTestApp({}, { paymentWebhookDelivery: delivery.deliver });
    delivery.attach(t.app);
    // Reads the provider's objects, and opens checkouts around the app's guard.
    provider = new LocalPaymentProvider(config, {
      db: t.database.db,
      log: pino({ level: 'silent' }),
      deliver: delivery.deliver,
    });
  });
  afterAll(async () => {
    await provider.close();
    await t.close();
  });

  const checkout = async (person: Person, priceId: string) =>
    (
      await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        { priceId, cancelPath: '/subscription', successPath: '/subscription?stripe_success=true' },
        person.token,
      )
    ).url;
  const intent = (person: Person, numTrialDays: number) =>
    callOk(
      t.app,
      'getStripeSubscriptionIntent',
      { userId: person.uid, priceId: annual, numTrialDays },
      person.token,
    );
  const confirm = (clientSecret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/local-pay/api/confirm',
      payload: { clientSecret, ...card.succeeds },
    });
  const customerOf = async (person: Person) => {
    const { customerId } = await callOk(t.app, 'getStripeCustomer', { userId: person.uid }, person.token);
    if (!customerId) throw new Error('no customer');
    return customerId;
  };
  const subscriptionsOf = async (person: Person) =>
    provider.listCustomerSubscriptions(await customerOf(person));
  const live = (subscriptions: ProviderSubscription[]) => subscriptions.filter(isLiveSubscription);
  const premiumOf = async (person: Person) =>
    (await callOk(t.app, 'getSubscriber', undefined, person.token)).subscriber.entitlements.premium;

  describe('the purchase lock: only the purchase started last can be completed', () => {
    it('two tabs: an annual and then a monthly checkout, both paid with 4242, make one subscription', async () => {
      const person = await signUp(t.app);
      const annualTab = await checkout(person, annual);
      const monthlyTab = await checkout(person, monthly);

      // The first tab's checkout was closed when the second opened.
      expect((await payOnHostedPage(t.app, annualTab)).statusCode).toBe(404);
      expect((await payOnHostedPage(t.app, monthlyTab)).statusCode).toBe(303);

      const subscriptions = await subscriptionsOf(person);
      expect(subscriptions.map((subscription) => [subscription.priceId, subscription.status])).toEqual([
        [monthly, 'trialing'],
      ]);
      await until(async () => (await premiumOf(person)) !== undefined, 'premium after the webhook');
      expect((await premiumOf(person))?.product_identifier).toBe('stillpoint_monthly_test');
    });

    it('a hosted checkout, then the embedded form: the checkout can no longer be paid', async () => {
      const person = await signUp(t.app);
      const tab = await checkout(person, monthly);
      const form = await intent(person, 0);
      expect((await payOnHostedPage(t.app, tab)).statusCode).toBe(404);
      expect((await confirm(form.clientSecret)).statusCode).toBe(200);
      expect(live(await subscriptionsOf(person)).map((subscription) => subscription.id)).toEqual([
        form.subscriptionId,
      ]);
    });

    it('ten checkouts opened at once and all paid: exactly one payment goes through', async () => {
      const person = await signUp(t.app);
      const urls = await Promise.all(
        Array.from({ length: 10 }, (_, index) => checkout(person, index % 2 === 0 ? annual : monthly)),
      );
      expect(new Set(urls).size).toBe(10);
      const answers = await Promise.all(urls.map((url) => payOnHostedPage(t.app, url)));
      expect(answers.filter((answer) => answer.statusCode === 303)).toHaveLength(1);
      // Not one bought and then canceled: no second subscription was ever made.
      expect(await subscriptionsOf(person)).toHaveLength(1);
    });

    it.each([
      ['with a trial (SetupIntents)', 7],
      ['without a trial (PaymentIntents)', 0],
    ])(
      'ten embedded-form subscriptions %s created at once and all confirmed: exactly one starts',
      async (_case, trialDays) => {
        const person = await signUp(t.app);
        const intents = await Promise.all(Array.from({ length: 10 }, () => intent(person, trialDays)));
        expect(new Set(intents.map((created) => created.subscriptionId)).size).toBe(10);
        const answers = await Promise.all(intents.map((created) => confirm(created.clientSecret)));
        expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
        const subscriptions = await subscriptionsOf(person);
        expect(live(subscriptions)).toHaveLength(1);
        // The other nine were ended at the provider, so nothing can start them later.
        expect(
          subscriptions.filter((subscription) =>
            ['canceled', 'incomplete_expired'].includes(subscription.status),
          ),
        ).toHaveLength(9);
      },
    );
  });

  describe('the purchase lock across servers (a lease on the payment customer)', () => {
    const lockOf = (person: Person) => ({ userId: person.uid, provider: 'local' as const });
    const inSeconds = (seconds: number, from = new Date()) => new Date(from.getTime() + seconds * 1000);

    it('is held by one claim at a time, released only by its holder, and runs out on its own', async () => {
      const person = await signUp(t.app);
      await callOk(t.app, 'createStripeCustomer', { userId: person.uid }, person.token);
      const db = t.database.db;
      const now = new Date();
      const held = inSeconds(60, now);
      expect(await claimPurchaseLock(db, lockOf(person), held, now)).toBe(true);
      expect(await claimPurchaseLock(db, lockOf(person), inSeconds(61, now), now)).toBe(false);
      // A release by anyone but the holder changes nothing.
      await releasePurchaseLock(db, lockOf(person), inSeconds(61, now));
      expect(await claimPurchaseLock(db, lockOf(person), inSeconds(62, now), now)).toBe(false);
      // A server that stopped while holding it: once the lease has run out, it can be taken.
      const later = inSeconds(61, now);
      const retaken = inSeconds(60, later);
      expect(await claimPurchaseLock(db, lockOf(person), retaken, later)).toBe(true);
      await releasePurchaseLock(db, lockOf(person), retaken);
      expect(await claimPurchaseLock(db, lockOf(person), inSeconds(60), new Date())).toBe(true);
      await releasePurchaseLock(db, lockOf(person), inSeconds(60));
    });

    it("makes a checkout wait while another server holds the person's lock", async () => {
      const person = await signUp(t.app);
      await callOk(t.app, 'createStripeCustomer', { userId: person.uid }, person.token);
      const held = inSeconds(60);
      expect(await claimPurchaseLock(t.database.db, lockOf(person), held, new Date())).toBe(true);
      const claims = vi.spyOn(paymentsRepo, 'claimPurchaseLock');
      let done = false;
      const waiting = checkout(person, annual).then((url) => {
        done = true;
        return url;
      });
      try {
        // Refused, the checkout asks again rather than going ahead without the lock.
        const refusals = () =>
          claims.mock.settledResults.filter((result) => result.type === 'fulfilled' && !result.value).length;
        await until(() => refusals() >= 2, "the checkout refused the person's lock twice");
        expect(done).toBe(false);
      } finally {
        claims.mockRestore();
      }
      await releasePurchaseLock(t.database.db, lockOf(person), held);
      expect(await waiting).toMatch(/\/local-pay\/checkout\//);
    });
  });

  describe('fulfilment, behind the lock', () => {
    it('keeps one of two checkouts opened around the guard and both paid, and cancels the other', async () => {
      const person = await signUp(t.app);
      const { customerId } = await callOk(
        t.app,
        'createStripeCustomer',
        { userId: person.uid },
        person.token,
      );
      const open = (priceId: string) =>
        provider.createCheckoutSession({
          mode: 'subscription',
          priceId,
          quantity: 1,
          customerId,
          trialDays: 7,
          paymentMethodCollection: 'always',
          successUrl: `${config.publicUrl}/subscription`,
          cancelUrl: `${config.publicUrl}/subscription`,
          metadata: { userId: person.uid },
        });
      const first = await open(annual);
      const second = await open(monthly);

      expect((await payOnHostedPage(t.app, first.url ?? '')).statusCode).toBe(303);
      expect((await payOnHostedPage(t.app, second.url ?? '')).statusCode).toBe(303);
      await until(async () => {
        const subscriptions = await provider.listCustomerSubscriptions(customerId);
        return subscriptions.length === 2 && live(subscriptions).length === 1;
      }, 'the second subscription canceled');

      const subscriptions = await provider.listCustomerSubscriptions(customerId);
      // Both were made in the same second (Stripe's `created` has no finer grain), so which one
      // counts as older is a tie; what matters is that exactly one is kept and premium is its plan.
      const kept = subscriptions.filter((subscription) => subscription.status === 'trialing');
      expect(kept).toHaveLength(1);
      expect(subscriptions.filter((subscription) => subscription.status === 'canceled')).toHaveLength(1);
      const keptProduct = kept[0]?.priceId === annual ? 'stillpoint_yearly_test' : 'stillpoint_monthly_test';
      await until(
        async () => (await premiumOf(person))?.product_identifier === keptProduct,
        'premium from the kept subscription',
      );
    });
  });

  describe('the embedded form with a trial, through the webhook', () => {
    it('grants premium only once the card is set up', async () => {
      const person = await signUp(t.app);
      const form = await intent(person, 7);
      expect(form.type).toBe('setup');
      const state = () => callOk(t.app, 'getSubscriptionState', undefined, person.token);
      await until(
        async () => delivery.captured.some((webhook) => webhook.payload.includes(form.subscriptionId)),
        'customer.subscription.created',
      );
      expect((await provider.retrieveSubscription(form.subscriptionId))?.status).toBe('trialing');
      expect(await state()).toBeNull();
      expect(
        (await callOk(t.app, 'getStripeCustomer', { userId: person.uid }, person.token))
          .hasActiveSubscriptions,
      ).toBe(false);

      expect((await confirm(form.clientSecret)).json()).toEqual({ status: 'succeeded' });
      await until(async () => (await state()) !== null, 'premium once the card is set up');
      expect(await state()).toMatchObject({
        name: 'sandbox premium yearly',
        isTrial: true,
        daysLeft: 7,
        detailedInfo: 'Visa ending in 4242 will be charged when your trial ends.',
      });
    });
  });
});
