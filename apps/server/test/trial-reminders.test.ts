import { DAY_MS, formatLongDate } from '@stillpoint/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { paymentSubscription, trialReminder, user } from '../src/db/schema';
import { retryDelayMs } from '../src/forwarding/backoff';
import type { EmailMessage, EmailSender } from '../src/integrations/email';
import { moveGrantsIntoPast } from '../src/modules/entitlements/service';
import { reminderEmail, reminderSms } from '../src/modules/trial-reminders/message';
import { callOk, type Person, signUp } from './support/api';
import { buildTestApp, type TestAppOptions, testConfig } from './support/app';
import { outbox } from './support/auth';
import { openTestDatabase } from './support/database';
import { pathOf, postForm } from './support/local-payments';
import { payOnHostedPage } from './support/payments';
import { until } from './support/webhook';

const prices = testConfig().prices;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Everything a test opened, closed after it in reverse order. */
const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (opened.length > 0) await opened.pop()?.();
});

async function freshDatabase(): Promise<DatabaseHandle> {
  const database = await openTestDatabase();
  opened.push(() => database.close());
  return database;
}

/** A server instance on the database; each test has its own, so runs never meet other tests' trials. */
async function instance(database: DatabaseHandle, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const app = await buildTestApp(database, {}, options);
  opened.push(() => app.close());
  return app;
}

/** An e-mail sender that keeps what it sent, optionally failing the first few. */
function recordingEmail({ failFirst = 0 } = {}) {
  const sent: EmailMessage[] = [];
  let calls = 0;
  const sender: EmailSender = {
    async send(message) {
      calls += 1;
      if (calls <= failFirst) throw new Error(`the SMTP server answered 451 for <${message.to}>`);
      sent.push(message);
    },
  };
  return { sender, sent, calls: () => calls };
}

/**
 * E-mail senders for two instances that hold a send until both instances are sending, so that when
 * both have claimed reminders their sends overlap. The hold is short (250 ms): on a busy machine
 * one instance may claim every reminder before the other's claim runs, and that must stay quick;
 * the test's assertions (each reminder sent once, one attempt each) hold either way.
 */
function meetingSenders() {
  const started = new Set<string>();
  let meet = () => {};
  const met = new Promise<void>((resolve) => {
    meet = resolve;
  });
  const senderFor = (name: string) => {
    const mail = recordingEmail();
    const sender: EmailSender = {
      async send(message) {
        started.add(name);
        if (started.size === 2) meet();
        await Promise.race([met, new Promise((resolve) => setTimeout(resolve, 250))]);
        await mail.sender.send(message);
      },
    };
    return { sender, sent: mail.sent };
  };
  return { a: senderFor('a'), b: senderFor('b') };
}

async function giveEmail(database: DatabaseHandle, person: Person, email: string): Promise<void> {
  await database.db.update(user).set({ email }).where(eq(user.id, person.uid));
}

async function startNoCardTrial(app: FastifyInstance, person: Person): Promise<Date> {
  expect(await callOk(app, 'startFreeTrial', {}, person.token)).toEqual({ startedTrial: true });
  const { subscriber } = await callOk(app, 'getSubscriber', undefined, person.token);
  return new Date(subscriber.subscriptions.rc_promo_premium_weekly?.expires_date ?? '');
}

const subscriptionOf = async (database: DatabaseHandle, person: Person) =>
  (await database.db.select().from(paymentSubscription).where(eq(paymentSubscription.userId, person.uid)))[0];

/** A paid plan's trial, bought on the local provider's hosted checkout with a good card. */
async function startPaidTrial(app: FastifyInstance, database: DatabaseHandle, person: Person) {
  const { url } = await callOk(
    app,
    'createStripeCheckoutSessionForSubscription',
    { priceId: prices.annual, cancelPath: '/subscription', successPath: '/subscription?stripe_success=true' },
    person.token,
  );
  expect((await payOnHostedPage(app, url)).statusCode).toBe(303);
  await until(async () => (await subscriptionOf(database, person))?.status === 'trialing', 'the paid trial');
  const subscription = await subscriptionOf(database, person);
  if (!subscription?.trialEnd) throw new Error('the paid trial has no end');
  return { subscription, trialEnd: subscription.trialEnd };
}

const reminderRows = (database: DatabaseHandle, person: Person) =>
  database.db.select().from(trialReminder).where(eq(trialReminder.userId, person.uid));

/** The reminders in the outbox to this address or number (sign-in codes and receipts go there too). */
const REMINDER = /^(Your Stillpoint (free )?trial ends on |Stillpoint: your free trial ends on )/;
const messagesTo = async (app: FastifyInstance, to: string) =>
  (await outbox(app)).filter((message) => message.to === to && REMINDER.test(message.body));

const dueAt = (trialEnd: Date) => new Date(trialEnd.getTime() - 2 * DAY_MS);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe('trial reminders', () => {
  it('reminds a no-card trial once, two days before it ends, and not before', async () => {
    const database = await freshDatabase();
    const app = await instance(database);
    const person = await signUp(app);
    const phone = (await callOk(app, 'getUser', undefined, person.token)).phoneNumber as string;
    const trialEnd = await startNoCardTrial(app, person);

    await app.trialReminders.runOnce(new Date());
    await app.trialReminders.runOnce(plus(dueAt(trialEnd), -MINUTE));
    expect(await messagesTo(app, phone)).toEqual([]);
    expect(await reminderRows(database, person)).toEqual([]);

    const report = await app.trialReminders.runOnce(dueAt(trialEnd));
    expect(report).toMatchObject({ attempted: 1, sent: 1, failed: 0 });
    for (const at of [plus(dueAt(trialEnd), HOUR), plus(trialEnd, -MINUTE)]) {
      expect(await app.trialReminders.runOnce(at)).toMatchObject({ attempted: 0 });
    }

    const sms = await messagesTo(app, phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.channel).toBe('sms');
    expect(sms[0]?.body).toContain(`your free trial ends on ${formatLongDate(trialEnd)}`);
    expect(sms[0]?.body).toContain('nothing is charged');
    expect(sms[0]?.body).toContain(`${testConfig().publicUrl}/subscription`);
    expect(await reminderRows(database, person)).toMatchObject([
      { kind: 'free_trial', channel: 'sms', attempts: 1, sentAt: dueAt(trialEnd), trialEndsAt: trialEnd },
    ]);
  });

  it('e-mails an account that has an address, and texts one that has only a phone number', async () => {
    const database = await freshDatabase();
    const app = await instance(database);
    const withEmail = await signUp(app);
    await giveEmail(database, withEmail, 'ada@example.com');
    const phoneOnly = await signUp(app);
    const phones = await Promise.all(
      [withEmail, phoneOnly].map(
        async (person) => (await callOk(app, 'getUser', undefined, person.token)).phoneNumber as string,
      ),
    );
    const ends = [await startNoCardTrial(app, withEmail), await startNoCardTrial(app, phoneOnly)];
    const latest = new Date(Math.max(...ends.map((end) => end.getTime())));

    expect(await app.trialReminders.runOnce(dueAt(latest))).toMatchObject({ sent: 2 });

    const mail = await messagesTo(app, 'ada@example.com');
    expect(mail.map((message) => message.channel)).toEqual(['email']);
    expect(mail[0]?.body).toMatch(/^Your Stillpoint free trial ends on /);
    expect(mail[0]?.body).toContain('Nothing is charged');
    // Someone with both is reached once, by e-mail, never by text as well.
    expect(await messagesTo(app, phones[0] as string)).toEqual([]);
    expect((await messagesTo(app, phones[1] as string)).map((message) => message.channel)).toEqual(['sms']);
  });

  it('sends each reminder once when two server instances run at the same moment', async () => {
    const database = await freshDatabase();
    const { a: mailA, b: mailB } = meetingSenders();
    const a = await instance(database, { emailSender: mailA.sender });
    const b = await instance(database, { emailSender: mailB.sender });
    const addresses: string[] = [];
    let latest = 0;
    for (let i = 0; i < 12; i += 1) {
      const person = await signUp(a);
      const address = `person${i}@example.com`;
      await giveEmail(database, person, address);
      addresses.push(address);
      latest = Math.max(latest, (await startNoCardTrial(a, person)).getTime());
    }

    // Two runs on each instance, started together, so their claims meet.
    const at = dueAt(new Date(latest));
    await Promise.all([a, b, a, b].map((server) => server.trialReminders.runOnce(at)));

    const sentTo = [...mailA.sent, ...mailB.sent].map((message) => message.to).sort();
    expect(sentTo).toEqual([...addresses].sort());
    const rows = await database.db.select().from(trialReminder);
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.attempts === 1 && row.sentAt !== null)).toBe(true);
  });

  it("reminds a no-card trial converted into a plan's trial once: the plan's, with its first charge", async () => {
    const database = await freshDatabase();
    const app = await instance(database);
    const person = await signUp(app);
    await giveEmail(database, person, 'buyer@example.com');
    const trialEnd = await startNoCardTrial(app, person);
    // Bought during the no-card trial: the plan's trial ends where the no-card trial ends.
    const { trialEnd: planTrialEnd } = await startPaidTrial(app, database, person);
    expect(Math.abs(planTrialEnd.getTime() - trialEnd.getTime())).toBeLessThan(1_000);

    await app.trialReminders.runOnce(dueAt(trialEnd));
    await app.trialReminders.runOnce(dueAt(planTrialEnd));
    await app.trialReminders.runOnce(plus(dueAt(planTrialEnd), DAY_MS));

    const rows = await reminderRows(database, person);
    expect(rows.find((row) => row.kind === 'free_trial')).toMatchObject({
      sentAt: null,
      skipReason: 'converted',
    });
    expect(rows.find((row) => row.kind === 'paid_trial')).toMatchObject({ channel: 'email', attempts: 1 });
    const mail = await messagesTo(app, 'buyer@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.body).toContain(`your first charge is $49.99`);
    expect(mail[0]?.body).not.toContain('Nothing is charged');
  });

  it('does not remind a no-card trial once the person paid for a plan today', async () => {
    const database = await freshDatabase();
    const app = await instance(database);
    const person = await signUp(app);
    await giveEmail(database, person, 'payer@example.com');
    await startNoCardTrial(app, person);
    // Under 48 hours before the trial's end nothing carries over: the plan is charged today.
    await moveGrantsIntoPast(database.db, person.uid, 5 * DAY_MS + HOUR);
    const { url } = await callOk(
      app,
      'createStripeCheckoutSessionForSubscription',
      { priceId: prices.annual, cancelPath: '/subscription', successPath: '/subscription' },
      person.token,
    );
    expect((await payOnHostedPage(app, url)).statusCode).toBe(303);
    await until(async () => (await subscriptionOf(database, person))?.status === 'active', 'the charge');

    expect(await app.trialReminders.runOnce(new Date())).toMatchObject({ sent: 0, skipped: 1 });
    expect(await reminderRows(database, person)).toMatchObject([
      { kind: 'free_trial', skipReason: 'converted' },
    ]);
    expect(await messagesTo(app, 'payer@example.com')).toEqual([]);
  });

  it("reminds a paid plan's trial with the first charge's amount and date", async () => {
    const database = await freshDatabase();
    const app = await instance(database);
    const person = await signUp(app);
    await giveEmail(database, person, 'grace@example.com');
    const { subscription, trialEnd } = await startPaidTrial(app, database, person);

    await app.trialReminders.runOnce(plus(dueAt(trialEnd), -MINUTE));
    expect(await messagesTo(app, 'grace@example.com')).toEqual([]);
    expect(await app.trialReminders.runOnce(dueAt(trialEnd))).toMatchObject({ sent: 1 });
    await app.trialReminders.runOnce(plus(dueAt(trialEnd), DAY_MS));

    const mail = await messagesTo(app, 'grace@example.com');
    expect(mail).toHaveLength(1);
    const date = formatLongDate(trialEnd);
    expect(mail[0]?.body).toMatch(
      new RegExp(`^Your Stillpoint trial ends on ${date}: your first charge is \\$49\\.99\n`),
    );
    expect(mail[0]?.body).toContain(
      `Then your yearly plan starts: on ${date}, your ${subscription.paymentMethod} is charged $49.99, and then $49.99 every year until you cancel.`,
    );
    expect(subscription.paymentMethod).toMatch(/ending in 4242$/);
    expect(mail[0]?.body).toContain(`cancel before ${date}: you will not be charged`);
    expect(await reminderRows(database, person)).toMatchObject([
      { kind: 'paid_trial', subscriptionId: subscription.id, channel: 'email', attempts: 1 },
    ]);
  });

  it("does not remind a paid plan's trial that was canceled in the billing portal", async () => {
    const database = await freshDatabase();
    const app = await instance(database);
    const person = await signUp(app);
    await giveEmail(database, person, 'lin@example.com');
    const { subscription, trialEnd } = await startPaidTrial(app, database, person);
    const state = await callOk(app, 'getSubscriptionState', undefined, person.token);
    const portal = pathOf(state?.managementUrl ?? '');
    expect((await postForm(app, `${portal}/cancel`, { subscription: subscription.id })).statusCode).toBe(303);
    await until(
      async () => (await subscriptionOf(database, person))?.cancelAtPeriodEnd === true,
      'the cancel',
    );

    expect(await app.trialReminders.runOnce(dueAt(trialEnd))).toMatchObject({ sent: 0, skipped: 1 });
    expect(await messagesTo(app, 'lin@example.com')).toEqual([]);
    expect(await reminderRows(database, person)).toMatchObject([{ sentAt: null, skipReason: 'canceled' }]);
  });

  it('tries a failed send again after the backoff, until it goes through', async () => {
    const database = await freshDatabase();
    const mail = recordingEmail({ failFirst: 2 });
    const app = await instance(database, { emailSender: mail.sender });
    const person = await signUp(app);
    await giveEmail(database, person, 'retry@example.com');
    const at = dueAt(await startNoCardTrial(app, person));

    expect(await app.trialReminders.runOnce(at)).toMatchObject({ failed: 1, sent: 0 });
    expect(await reminderRows(database, person)).toMatchObject([
      { attempts: 1, sentAt: null, nextAttemptAt: plus(at, retryDelayMs(1)) },
    ]);
    // The error is kept, without the address the server quoted.
    expect((await reminderRows(database, person))[0]?.lastError).toBe(
      'the SMTP server answered 451 for <r***@example.com>',
    );
    // Not before its backoff has passed.
    await app.trialReminders.runOnce(plus(at, retryDelayMs(1) - 1_000));
    expect(mail.calls()).toBe(1);

    const second = plus(at, retryDelayMs(1));
    expect(await app.trialReminders.runOnce(second)).toMatchObject({ failed: 1 });
    const third = plus(second, retryDelayMs(2));
    expect(await app.trialReminders.runOnce(third)).toMatchObject({ sent: 1 });
    expect(mail.calls()).toBe(3);
    expect(mail.sent.map((message) => message.to)).toEqual(['retry@example.com']);
    expect(await reminderRows(database, person)).toMatchObject([
      { attempts: 3, sentAt: third, lastError: null },
    ]);
  });

  it('survives a restart: a new instance neither repeats a sent reminder nor forgets a failed one', async () => {
    const database = await freshDatabase();
    const first = await instance(database, { emailSender: recordingEmail({ failFirst: 1 }).sender });
    const sent = await signUp(first);
    await giveEmail(database, sent, 'sent@example.com');
    const failing = await signUp(first);
    await giveEmail(database, failing, 'failing@example.com');
    const ends = [await startNoCardTrial(first, sent), await startNoCardTrial(first, failing)];
    const at = dueAt(new Date(Math.max(...ends.map((end) => end.getTime()))));
    // One of the two fails on the first instance; which one depends on the order of the claim.
    expect(await first.trialReminders.runOnce(at)).toMatchObject({ sent: 1, failed: 1 });
    await first.close();

    const mail = recordingEmail();
    const second = await instance(database, { emailSender: mail.sender });
    await second.trialReminders.runOnce(at);
    expect(mail.sent).toEqual([]);
    await second.trialReminders.runOnce(plus(at, retryDelayMs(1)));
    await second.trialReminders.runOnce(plus(at, DAY_MS));
    expect(mail.sent).toHaveLength(1);
    const rows = await database.db.select().from(trialReminder);
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    expect(rows.map((row) => row.attempts).sort()).toEqual([1, 2]);
  });

  it('runs on its own every TRIAL_REMINDER_INTERVAL_SECONDS (off under APP_ENV=test)', async () => {
    expect(loadConfig({ TRIAL_REMINDER_INTERVAL_SECONDS: '5' }).trialReminders).toEqual({
      intervalSeconds: 5,
    });
    expect(loadConfig({}).trialReminders).toEqual({ intervalSeconds: 60 });
    expect(loadConfig({ APP_ENV: 'test' }).trialReminders).toEqual({ intervalSeconds: 0 });
    expect(() => loadConfig({ TRIAL_REMINDER_INTERVAL_SECONDS: '-1' })).toThrow(
      'TRIAL_REMINDER_INTERVAL_SECONDS: must be 0 (off) or more seconds',
    );

    const database = await freshDatabase();
    const app = await buildTestApp(database, { trialReminders: { intervalSeconds: 1 } });
    opened.push(() => app.close());
    const person = await signUp(app);
    const phone = (await callOk(app, 'getUser', undefined, person.token)).phoneNumber as string;
    await startNoCardTrial(app, person);
    await moveGrantsIntoPast(database.db, person.uid, 6 * DAY_MS);
    await until(async () => (await messagesTo(app, phone)).length === 1, 'the reminder', 10_000);
    // The run that sent it records itself once it has finished, a moment after the send.
    await until(async () => app.trialReminders.state().lastRunAt !== null, 'the run recorded', 10_000);
  });

  describe("with the local provider's test clock", () => {
    it('reminds a no-card trial the clock moved within two days of its end on the next run', async () => {
      const database = await freshDatabase();
      const app = await instance(database);
      const person = await signUp(app);
      const phone = (await callOk(app, 'getUser', undefined, person.token)).phoneNumber as string;
      const trialEnd = await startNoCardTrial(app, person);
      await app.trialReminders.runOnce(new Date());
      expect(await messagesTo(app, phone)).toEqual([]);

      // What the portal's clock does to the person's grants when it moves their payment dates.
      const moved = 5 * DAY_MS + HOUR;
      await moveGrantsIntoPast(database.db, person.uid, moved);
      expect(await app.trialReminders.runOnce(new Date())).toMatchObject({ sent: 1 });
      const sms = await messagesTo(app, phone);
      expect(sms).toHaveLength(1);
      expect(sms[0]?.body).toContain(`ends on ${formatLongDate(plus(trialEnd, -moved))}`);
    });

    it("moves a paid plan's trial to its reminder from the portal, and the next run sends it", async () => {
      const database = await freshDatabase();
      const app = await instance(database);
      const person = await signUp(app);
      await giveEmail(database, person, 'clock@example.com');
      const { trialEnd } = await startPaidTrial(app, database, person);
      await app.trialReminders.runOnce(new Date());
      expect(await messagesTo(app, 'clock@example.com')).toEqual([]);

      const state = await callOk(app, 'getSubscriptionState', undefined, person.token);
      const portal = pathOf(state?.managementUrl ?? '');
      const page = await app.inject({ method: 'GET', url: portal });
      expect(page.body).toContain('Advance to 2 days before the trial ends');
      expect((await postForm(app, `${portal}/clock/reminder`, {})).statusCode).toBe(303);
      // The plan is still in its trial, now ending within two days, and nothing was charged.
      await until(async () => {
        const moved = await subscriptionOf(database, person);
        return moved?.status === 'trialing' && (moved.trialEnd?.getTime() ?? 0) < trialEnd.getTime();
      }, 'the moved trial');
      const moved = await subscriptionOf(database, person);
      const left = (moved?.trialEnd?.getTime() ?? 0) - Date.now();
      expect(left).toBeGreaterThan(2 * DAY_MS - 5 * MINUTE);
      expect(left).toBeLessThanOrEqual(2 * DAY_MS);

      expect(await app.trialReminders.runOnce(new Date())).toMatchObject({ sent: 1 });
      expect(await messagesTo(app, 'clock@example.com')).toHaveLength(1);
      // Within the reminder's days there is nothing more for that button to move to.
      expect((await app.inject({ method: 'GET', url: portal })).body).not.toContain(
        'Advance to 2 days before the trial ends',
      );
    });

    it("sends nothing late once the clock has carried a paid plan's trial past its end", async () => {
      const database = await freshDatabase();
      const app = await instance(database);
      const person = await signUp(app);
      await giveEmail(database, person, 'late@example.com');
      await startPaidTrial(app, database, person);
      const state = await callOk(app, 'getSubscriptionState', undefined, person.token);
      const portal = pathOf(state?.managementUrl ?? '');

      // The clock's next billing date is the trial's end: the first charge is taken.
      expect((await postForm(app, `${portal}/clock/advance`, {})).statusCode).toBe(303);
      await until(async () => (await subscriptionOf(database, person))?.status === 'active', 'the charge');
      await app.trialReminders.runOnce(new Date());
      expect(await messagesTo(app, 'late@example.com')).toEqual([]);
    });

    it("does not repeat a paid plan's reminder after the clock charged the plan", async () => {
      const database = await freshDatabase();
      const app = await instance(database);
      const person = await signUp(app);
      await giveEmail(database, person, 'once@example.com');
      const { trialEnd } = await startPaidTrial(app, database, person);
      expect(await app.trialReminders.runOnce(dueAt(trialEnd))).toMatchObject({ sent: 1 });

      const state = await callOk(app, 'getSubscriptionState', undefined, person.token);
      await postForm(app, `${pathOf(state?.managementUrl ?? '')}/clock/advance`, {});
      await until(async () => (await subscriptionOf(database, person))?.status === 'active', 'the charge');
      await app.trialReminders.runOnce(new Date());
      await app.trialReminders.runOnce(plus(new Date(), 300 * DAY_MS));
      expect(await messagesTo(app, 'once@example.com')).toHaveLength(1);
    });
  });
});

describe("the reminder's words", () => {
  const facts = {
    trialEndsAt: new Date('2026-12-06T12:00:00.000Z'),
    subscriptionUrl: 'https://stillpoint.app/subscription',
  };

  it('never says a card is charged when there is none on file', () => {
    const noCard = {
      ...facts,
      firstCharge: { amountCents: 699, currency: 'usd', plan: 'monthly' as const, paymentMethod: null },
    };
    const mail = reminderEmail('a@example.com', noCard);
    expect(mail.subject).toBe('Your Stillpoint trial ends on December 6, 2026: your first charge is $6.99');
    expect(mail.text).toContain(
      'Then your monthly plan starts, with a first payment of $6.99 due on December 6, 2026, and then $6.99 every month until you cancel.',
    );
    expect(mail.text).toContain('No card is on file yet. To keep premium, add one before then:');
    expect(mail.text).not.toContain('nothing to do');
    expect(reminderSms('+14155550100', noCard).body).toContain('$6.99 is due');
  });

  it('links the subscription page in the HTML part', () => {
    const mail = reminderEmail('a@example.com', { ...facts, firstCharge: null });
    expect(mail.html).toContain('<a href="https://stillpoint.app/subscription">');
    expect(mail.text).toContain('Nothing is charged: the free trial never asked for a card.');
  });
});
