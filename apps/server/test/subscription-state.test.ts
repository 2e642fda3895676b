import { formatLongDate } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSubscription } from '../src/integrations/payments/provider';
import { applyEntitlement, type EntitlementGrant } from '../src/modules/entitlements/service';
import { ensureCustomer } from '../src/modules/payments/customers';
import { fulfilPaymentEvent } from '../src/modules/payments/fulfilment';
import { getSubscriptionState } from '../src/modules/subscription/service';
import { call, callOk, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { fakeProvider, providerSubscription, verifiedEvent } from './support/payments';

const DAY = 86_400_000;
const config = testConfig();
const silent = { info: () => {}, warn: () => {} };

describe('subscription state (getSubscriptionState)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const stateOf = (person: Person) => callOk(t.app, 'getSubscriptionState', undefined, person.token);
  const grant = (person: Person, overrides: Partial<EntitlementGrant>) =>
    applyEntitlement(t.database.db, {
      userId: person.uid,
      productIdentifier: 'monthly_subscription',
      store: 'app_store',
      periodType: 'normal',
      purchasedAt: new Date(Date.now() - DAY),
      expiresAt: new Date(Date.now() + 10 * DAY),
      isSandbox: false,
      sourceRef: null,
      observedAt: new Date(),
      ...overrides,
    });

  it('is null for someone who never subscribed, and needs a session', async () => {
    const person = await signUp(t.app);
    expect(await stateOf(person)).toBeNull();
    expect((await call(t.app, 'getSubscriptionState')).statusCode).toBe(401);
  });

  it('words an App Store plan and points at the App Store', async () => {
    const person = await signUp(t.app);
    const expiresAt = new Date(Date.now() + 10 * DAY);
    await grant(person, { expiresAt });
    expect(await stateOf(person)).toEqual({
      name: 'premium monthly',
      info: `Your plan is active until ${formatLongDate(expiresAt)}.`,
      detailedInfo: 'Billed through the App Store.',
      managementUrl: 'https://apps.apple.com/account/subscriptions',
      isTrial: false,
      daysLeft: 10,
      isExpired: false,
      isPaymentFailed: false,
      subscriber: expect.objectContaining({ entitlements: expect.any(Object) }),
    });
  });

  it('points a Play Store plan at Google Play', async () => {
    const person = await signUp(t.app);
    await grant(person, { productIdentifier: 'annual_subscription', store: 'play_store' });
    expect(await stateOf(person)).toMatchObject({
      name: 'premium yearly',
      detailedInfo: 'Billed through Google Play.',
      managementUrl: 'https://play.google.com/store/account/subscriptions',
    });
  });

  it('has nowhere to manage a gift or a lifetime grant', async () => {
    const gifted = await signUp(t.app);
    const yearOn = new Date(Date.now() + 365 * DAY);
    await grant(gifted, { productIdentifier: 'stillpoint_yearly', store: 'gift', expiresAt: yearOn });
    expect(await stateOf(gifted)).toMatchObject({
      name: 'premium yearly',
      info: `Your gifted premium ends on ${formatLongDate(yearOn)}.`,
      detailedInfo: 'A gift, so there is nothing to pay.',
      managementUrl: null,
    });

    const lifetime = await signUp(t.app);
    await grant(lifetime, {
      productIdentifier: 'rc_promo_premium_lifetime',
      store: 'promotional',
      expiresAt: null,
    });
    expect(await stateOf(lifetime)).toMatchObject({
      name: 'premium lifetime',
      info: 'You have premium for life.',
      managementUrl: null,
      daysLeft: 0,
      isExpired: false,
    });
  });

  it('says when an expired plan ended', async () => {
    const person = await signUp(t.app);
    const endedAt = new Date(Date.now() - 3 * DAY);
    await grant(person, { expiresAt: endedAt });
    expect(await stateOf(person)).toMatchObject({
      info: `Your subscription expired on ${formatLongDate(endedAt)}.`,
      isExpired: true,
      daysLeft: 0,
    });
  });

  describe('web purchases', () => {
    const fake = fakeProvider('stripe', false);
    const deps = () => ({ db: t.database.db, config, provider: fake.provider });
    let next = 0;

    async function webSubscriber(overrides: Partial<ProviderSubscription>) {
      const person = await signUp(t.app);
      const customerId = await ensureCustomer(t.database.db, fake.provider, { id: person.uid, email: null });
      const id = `sub_state_${++next}`;
      fake.setSubscription(
        providerSubscription({ id, customerId, priceId: config.prices.annual, ...overrides }),
      );
      await fulfilPaymentEvent(
        { ...deps(), log: silent },
        verifiedEvent('customer.subscription.updated', id),
      );
      return { person, customerId };
    }

    it('says when the plan renews, how it is paid, and opens the billing portal', async () => {
      const periodEnd = new Date(Date.now() + 200 * DAY);
      const { person, customerId } = await webSubscriber({ currentPeriodEnd: periodEnd });
      const state = await getSubscriptionState(deps(), person.uid, new Date(), silent);
      expect(state).toMatchObject({
        name: 'premium yearly',
        info: `Your plan renews on ${formatLongDate(periodEnd)}.`,
        detailedInfo: 'Paid with Visa ending in 4242.',
        managementUrl: `https://billing.example/portal/${customerId}`,
      });
    });

    it('says a canceled plan ends and will not charge again', async () => {
      const periodEnd = new Date(Date.now() + 20 * DAY);
      const { person } = await webSubscriber({ currentPeriodEnd: periodEnd, cancelAtPeriodEnd: true });
      const state = await getSubscriptionState(deps(), person.uid, new Date(), silent);
      expect(state).toMatchObject({
        info: `Your plan was canceled and ends on ${formatLongDate(periodEnd)}.`,
        detailedInfo: 'Paid with Visa ending in 4242. It will not renew, and you will not be charged again.',
      });
    });

    it('words a card trial', async () => {
      const trialEnd = new Date(Date.now() + 5 * DAY);
      const { person } = await webSubscriber({ status: 'trialing', trialEnd, currentPeriodEnd: trialEnd });
      const state = await getSubscriptionState(deps(), person.uid, new Date(), silent);
      expect(state).toMatchObject({
        info: `Your free trial ends on ${formatLongDate(trialEnd)}, and then your plan starts.`,
        isTrial: true,
        daysLeft: 5,
      });
    });

    it('after a failed renewal says payment failed and opens the portal on updating the card', async () => {
      const periodStart = new Date(Date.now() - DAY);
      const { person, customerId } = await webSubscriber({
        status: 'past_due',
        currentPeriodStart: periodStart,
        currentPeriodEnd: new Date(Date.now() + 29 * DAY),
      });
      const asked: unknown[] = [];
      const recording = {
        ...deps(),
        provider: {
          ...fake.provider,
          createPortalSession: async (input: { customerId: string; returnUrl: string; flow?: string }) => {
            asked.push(input);
            return { url: `https://billing.example/portal/${input.customerId}/${input.flow ?? 'home'}` };
          },
        },
      };
      const state = await getSubscriptionState(recording, person.uid, new Date(), silent);
      expect(state).toMatchObject({
        isPaymentFailed: true,
        isExpired: false,
        daysLeft: 13,
        managementUrl: `https://billing.example/portal/${customerId}/payment_method_update`,
      });
      expect(asked).toEqual([
        { customerId, returnUrl: `${config.publicUrl}/subscription`, flow: 'payment_method_update' },
      ]);

      // A plan that is paid opens the portal's home page, as before.
      const paying = await webSubscriber({});
      const paid = await getSubscriptionState(recording, paying.person.uid, new Date(), silent);
      expect(paid).toMatchObject({ isPaymentFailed: false, managementUrl: expect.stringMatching(/\/home$/) });
    });

    it('leaves out the manage button when the portal cannot be opened, or the purchase was made elsewhere', async () => {
      const { person } = await webSubscriber({});
      const failing = {
        ...deps(),
        provider: {
          ...fake.provider,
          createPortalSession: async () => {
            throw new Error('provider unreachable');
          },
        },
      };
      expect((await getSubscriptionState(failing, person.uid, new Date(), silent))?.managementUrl).toBeNull();
      // The app runs the local provider; this purchase was made through "stripe".
      expect((await stateOf(person))?.managementUrl).toBeNull();
    });
  });
});
