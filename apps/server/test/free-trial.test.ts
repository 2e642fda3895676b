import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlement, freeTrial } from '../src/db/schema';
import { applyEntitlement } from '../src/modules/entitlements/service';
import { call, callOk, dataOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const DAY = 86_400_000;

describe('the no-card free trial (startFreeTrial)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const start = (person: Person) => callOk(t.app, 'startFreeTrial', {}, person.token);
  const subscriberOf = async (person: Person) =>
    (await callOk(t.app, 'getSubscriber', undefined, person.token)).subscriber;

  it('grants 7 days of the weekly promo as a promotional trial, no card needed', async () => {
    const person = await signUp(t.app);
    const before = Date.now();
    expect(await start(person)).toEqual({ startedTrial: true });

    const subscriber = await subscriberOf(person);
    expect(subscriber.entitlements.premium?.product_identifier).toBe('rc_promo_premium_weekly');
    const trial = subscriber.subscriptions.rc_promo_premium_weekly;
    expect(trial).toMatchObject({ period_type: 'trial', store: 'promotional', is_sandbox: false });
    const expires = Date.parse(trial?.expires_date ?? '');
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);

    const state = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
    expect(state).toMatchObject({
      name: 'premium monthly',
      detailedInfo: 'A free trial, no card needed.',
      managementUrl: null,
      isTrial: true,
      daysLeft: 7,
      isExpired: false,
    });
    expect(state?.info).toMatch(/^Your free trial ends on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
  });

  it('starts once per person: a second call answers false and changes nothing', async () => {
    const person = await signUp(t.app);
    await start(person);
    const first = await subscriberOf(person);
    expect(await start(person)).toEqual({ startedTrial: false });
    expect(await subscriberOf(person)).toEqual(first);
  });

  it('starts exactly once under 20 concurrent calls', async () => {
    const person = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () =>
        dataOf('startFreeTrial', await call(t.app, 'startFreeTrial', {}, { token: person.token })),
      ),
    );
    expect(answers.filter((answer) => answer.startedTrial)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.startedTrial)).toHaveLength(19);
    const rows = await t.database.db.select().from(entitlement).where(eq(entitlement.userId, person.uid));
    expect(rows).toHaveLength(1);
    const trials = await t.database.db.select().from(freeTrial).where(eq(freeTrial.userId, person.uid));
    expect(trials).toHaveLength(1);
  });

  it('does not start again after the trial has ended', async () => {
    const person = await signUp(t.app);
    await start(person);
    await t.database.db
      .update(entitlement)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(entitlement.userId, person.uid));
    expect(await start(person)).toEqual({ startedTrial: false });
    const state = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
    expect(state).toMatchObject({ isExpired: true, isTrial: true });
    expect(state?.info).toMatch(/^Your free trial ended on /);
  });

  const holdAnnual = (person: Person, expiresInDays: number) =>
    applyEntitlement(t.database.db, {
      userId: person.uid,
      productIdentifier: 'annual_subscription',
      store: 'app_store',
      periodType: 'normal',
      purchasedAt: new Date(Date.now() - 400 * DAY),
      expiresAt: new Date(Date.now() + expiresInDays * DAY),
      isSandbox: false,
      sourceRef: null,
      observedAt: new Date(),
    });

  it('does not start for someone whose premium is in force', async () => {
    const person = await signUp(t.app);
    await holdAnnual(person, 300);
    expect(await start(person)).toEqual({ startedTrial: false });
    expect((await subscriberOf(person)).subscriptions.rc_promo_premium_weekly).toBeUndefined();
  });

  it('does not start for someone whose earlier premium has lapsed: the trial is for trying premium', async () => {
    const person = await signUp(t.app);
    await holdAnnual(person, -35);
    expect(await start(person)).toEqual({ startedTrial: false });
    const state = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
    expect(state).toMatchObject({ name: 'premium yearly', isExpired: true });
    const trials = await t.database.db.select().from(freeTrial).where(eq(freeTrial.userId, person.uid));
    expect(trials).toHaveLength(0);
  });
});
