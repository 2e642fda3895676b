import { type EndpointName, endpoints } from '@stillpoint/core';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  feedbackMessage,
  freeTrial,
  giftPurchase,
  idempotencyKey,
  localPaymentObject,
  newsletterSignup,
} from '../src/db/schema';
import { rateLimits } from '../src/http/rate-limit';
import { deleteExpiredKeys } from '../src/modules/idempotency/service';
import { noPaymentsForSupport, servedEndpoints } from './support/admin';
import { failureOf, type Person, signUp } from './support/api';
import { buildTestApp, createTestApp, type TestApp, testConfig } from './support/app';
import { bearer, randomIp } from './support/auth';
import { giftBody } from './support/gifts';

const config = testConfig();

/**
 * "Once per click" (docs/payments.md): every call that creates, pays or sends takes an
 * Idempotency-Key; the same key from the same caller runs the call once and answers every repeat
 * with the first answer.
 */
describe('Idempotency-Key on the calls that create, pay or send', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { paymentsForSupport: noPaymentsForSupport });
  });
  afterAll(() => t.close());

  let keys = 0;
  const newKey = () => `press-${Date.now()}-${++keys}`;
  let addresses = 0;
  const newAddress = () => `reader.${Date.now()}.${++addresses}@example.com`;

  /** One call as a client sends it, with or without a key. */
  const send = (
    app: FastifyInstance,
    name: EndpointName,
    input: Record<string, unknown> | undefined,
    { key, token, ip }: { key?: string; token?: string | undefined; ip: string },
  ): Promise<LightMyRequestResponse> => {
    const endpoint = endpoints[name];
    const headers: Record<string, string> = {
      ...(token ? bearer(token) : {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    };
    if (endpoint.method === 'GET') {
      const query = new URLSearchParams(input as Record<string, string>).toString();
      return app.inject({ method: 'GET', url: `/api${endpoint.path}?${query}`, headers, remoteAddress: ip });
    }
    return app.inject({
      method: 'POST',
      url: `/api${endpoint.path}`,
      headers: input ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(input ? { payload: JSON.stringify(input) } : {}),
      remoteAddress: ip,
    });
  };

  const rows = async (table: typeof feedbackMessage | typeof giftPurchase | typeof freeTrial) =>
    (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const checkoutSessions = async () =>
    (
      await t.database.db
        .select({ n: count() })
        .from(localPaymentObject)
        .where(eq(localPaymentObject.type, 'checkout.session'))
    )[0]?.n ?? 0;
  interface Case {
    name: EndpointName;
    /** Signed-in calls need a person; public ones are sent signed out. */
    signedIn: boolean;
    /** A fresh valid input, and one that differs from it. */
    input: () => Record<string, unknown> | undefined;
    other: (input: Record<string, unknown> | undefined) => Record<string, unknown> | undefined;
    /** What one run of the call creates, counted. */
    created: (input: Record<string, unknown> | undefined) => Promise<number>;
  }

  const feedbackBody = () => ({ content: `Lovely ${newKey()}`, location: 'web app feedback - home' });
  const cases: Case[] = [
    {
      name: 'createStripeCheckoutSessionForSubscription',
      signedIn: true,
      input: () => ({
        priceId: config.prices.annual,
        cancelPath: '/subscription',
        successPath: '/subscription',
      }),
      other: (input) => ({ ...input, priceId: config.prices.monthly }),
      created: checkoutSessions,
    },
    {
      name: 'createStripeCheckoutSessionForGift',
      signedIn: false,
      input: () => giftBody(config),
      other: (input) => ({ ...input, quantity: 2 }),
      created: () => rows(giftPurchase),
    },
    {
      name: 'startFreeTrial',
      signedIn: true,
      input: () => undefined,
      other: () => ({}),
      created: () => rows(freeTrial),
    },
    {
      name: 'sendFeedback',
      signedIn: false,
      input: feedbackBody,
      other: (input) => ({ ...input, content: 'Something else' }),
      created: () => rows(feedbackMessage),
    },
    {
      name: 'requestPurchaseRestore',
      signedIn: false,
      input: () => ({ ...feedbackBody(), trialEmail: newAddress() }),
      other: (input) => ({ ...input, trialEmail: newAddress() }),
      created: () => rows(feedbackMessage),
    },
    {
      name: 'sendUninstallFeedback',
      signedIn: false,
      input: () => ({ reason: 'other', details: `Gone ${newKey()}` }),
      other: (input) => ({ ...input, reason: 'buggy' }),
      created: () => rows(feedbackMessage),
    },
    {
      name: 'joinNewsletter',
      signedIn: false,
      input: () => ({ email: newAddress() }),
      other: () => ({ email: newAddress() }),
      // Signing an address up stores its row (and mails it after the answer).
      created: async (input) =>
        (
          await t.database.db
            .select({ n: count() })
            .from(newsletterSignup)
            .where(eq(newsletterSignup.email, String(input?.email)))
        )[0]?.n ?? 0,
    },
  ];

  describe.each(cases)('$name', ({ name, signedIn, input, other, created }) => {
    let caller: { token: string | undefined; ip: string };
    beforeAll(async () => {
      const person: Person | null = signedIn ? await signUp(t.app) : null;
      caller = { token: person?.token, ip: randomIp() };
    });

    it('runs two concurrent requests with one key once, and both get the first answer', async () => {
      const body = input();
      const key = newKey();
      const before = await created(body);
      const [first, second] = await Promise.all([
        send(t.app, name, body, { ...caller, key }),
        send(t.app, name, body, { ...caller, key }),
      ]);
      expect(first?.statusCode).toBe(200);
      expect(second?.statusCode).toBe(200);
      expect(second?.body).toBe(first?.body);
      // One of the two was answered from the kept answer.
      expect([first?.headers['idempotent-replayed'], second?.headers['idempotent-replayed']]).toContain(
        'true',
      );
      expect((await created(body)) - before).toBe(1);

      // Later, a repeat of the finished request gets the same answer and creates nothing.
      const again = await send(t.app, name, body, { ...caller, key });
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first?.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await created(body)) - before).toBe(1);
    });

    it('refuses the same key with other input with a readable 422, creating nothing', async () => {
      const body = input();
      const key = newKey();
      expect((await send(t.app, name, body, { ...caller, key })).statusCode).toBe(200);
      const changed = other(body);
      const before = await created(changed);
      expect(failureOf(await send(t.app, name, changed, { ...caller, key }))).toEqual({
        status: 422,
        success: false,
        code: 'UNPROCESSABLE',
        error:
          'This Idempotency-Key was already used for a different request; send a new key for a new request.',
      });
      expect(await created(changed)).toBe(before);
    });

    it.each([
      ['empty', ''],
      ['too long', 'k'.repeat(256)],
      ['with a space', 'two words'],
      ['not ASCII', 'clé'],
    ])('answers a key that is %s with a 400', async (_case, key) => {
      const res = await t.app.inject({
        method: endpoints[name].method,
        url: `/api${endpoints[name].path}`,
        headers: {
          ...(caller.token ? bearer(caller.token) : {}),
          'idempotency-key': Buffer.from(key).toString('latin1'),
        },
        remoteAddress: caller.ip,
      });
      expect(failureOf(res)).toEqual({
        status: 400,
        success: false,
        code: 'BAD_REQUEST',
        error: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
      });
    });

    it("keeps another caller's same key apart", async () => {
      const key = newKey();
      expect((await send(t.app, name, input(), { ...caller, key })).statusCode).toBe(200);
      const someoneElse = signedIn
        ? { token: (await signUp(t.app)).token, ip: caller.ip }
        : { token: undefined, ip: randomIp() };
      const theirs = input();
      const before = await created(theirs);
      const answer = await send(t.app, name, theirs, { ...someoneElse, key });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
      expect((await created(theirs)) - before).toBe(1);
    });
  });

  it('documents the header in OpenAPI on exactly the calls that take it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = res.json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const takesKey = (name: EndpointName) => {
      const { method, path } = endpoints[name];
      const operation = spec.paths[`/api${path}`]?.[method.toLowerCase()];
      if (!operation) throw new Error(`${name} is not in the OpenAPI document`);
      return (operation.parameters ?? []).some(
        (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
      );
    };
    const names = servedEndpoints().map(([name]) => name as EndpointName);
    const documented = names.filter((name) => !endpoints[name].path.includes('{') && takesKey(name));
    expect(documented.sort()).toEqual(names.filter((name) => endpoints[name].idempotent).sort());
  });

  it('without a key, each request runs as before', async () => {
    const before = await rows(feedbackMessage);
    const body = feedbackBody();
    const ip = randomIp();
    const answers = await Promise.all([
      send(t.app, 'sendFeedback', body, { ip }),
      send(t.app, 'sendFeedback', body, { ip }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect((await rows(feedbackMessage)) - before).toBe(2);

    const person = await signUp(t.app);
    const trial = async () =>
      (await send(t.app, 'startFreeTrial', undefined, { token: person.token, ip })).json().data;
    expect(await trial()).toEqual({ startedTrial: true });
    expect(await trial()).toEqual({ startedTrial: false });
  });

  it('answers a repeat of a counted press without spending a rate-limit slot', async () => {
    const ip = randomIp();
    const body = { email: newAddress() };
    const key = newKey();
    const answers: number[] = [];
    for (let i = 0; i < rateLimits.newsletter.max + 2; i++) {
      answers.push((await send(t.app, 'joinNewsletter', body, { ip, key })).statusCode);
    }
    expect(answers).toEqual(Array(rateLimits.newsletter.max + 2).fill(200));
    // A new press is counted as before.
    for (let i = 0; i < rateLimits.newsletter.max - 1; i++) {
      await send(t.app, 'joinNewsletter', { email: newAddress() }, { ip, key: newKey() });
    }
    expect(
      (await send(t.app, 'joinNewsletter', { email: newAddress() }, { ip, key: newKey() })).statusCode,
    ).toBe(429);
  });

  it('keeps a signed-in newsletter key per person, not per address', async () => {
    const ip = randomIp();
    const key = newKey();
    const [one, two] = [await signUp(t.app), await signUp(t.app)];
    const first = await send(t.app, 'joinNewsletter', { email: newAddress() }, { ip, key, token: one.token });
    expect(first.statusCode).toBe(200);
    // The same key and address from another person with other input is theirs, not a reuse.
    const second = await send(
      t.app,
      'joinNewsletter',
      { email: newAddress() },
      { ip, key, token: two.token },
    );
    expect(second.statusCode).toBe(200);
    const stored = await t.database.db
      .select({ caller: idempotencyKey.caller })
      .from(idempotencyKey)
      .where(eq(idempotencyKey.key, key));
    expect(stored.map((row) => row.caller).sort()).toEqual([`user:${one.uid}`, `user:${two.uid}`].sort());
  });

  it('frees the key when the call fails on our side, so a retry runs again', async () => {
    const person = await signUp(t.app);
    const ip = randomIp();
    const key = newKey();
    const query = {
      priceId: config.prices.annual,
      cancelPath: '/subscription',
      successPath: '/subscription',
    };
    // The payment provider's objects are out of reach for a moment: the checkout fails with a 500.
    await t.database.db.execute(sql`alter table local_payment_object rename to local_payment_object_away`);
    let failed: LightMyRequestResponse;
    try {
      failed = await send(t.app, 'createStripeCheckoutSessionForSubscription', query, {
        token: person.token,
        ip,
        key,
      });
    } finally {
      await t.database.db.execute(sql`alter table local_payment_object_away rename to local_payment_object`);
    }
    expect(failed.statusCode).toBe(500);
    const retried = await send(t.app, 'createStripeCheckoutSessionForSubscription', query, {
      token: person.token,
      ip,
      key,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a final refusal and forgets a key after 24 hours', async () => {
    const person = await signUp(t.app);
    const ip = randomIp();
    const key = newKey();
    const body = giftBody(config, { priceId: 'price_1NotOneOfOurs' });
    const refused = await send(t.app, 'createStripeCheckoutSessionForGift', body, {
      token: person.token,
      ip,
      key,
    });
    expect(refused.statusCode).toBe(400);
    const again = await send(t.app, 'createStripeCheckoutSessionForGift', body, {
      token: person.token,
      ip,
      key,
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(refused.body);

    await t.database.db
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKey.key, key));
    expect(await deleteExpiredKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key))).toEqual([]);
    const later = await send(t.app, 'createStripeCheckoutSessionForGift', body, {
      token: person.token,
      ip,
      key,
    });
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });

  it('holds across two server instances on one database', async () => {
    const other = await buildTestApp(t.database);
    try {
      const ip = randomIp();
      const key = newKey();
      const body = giftBody(config);
      const before = await rows(giftPurchase);
      const [first, second] = await Promise.all([
        send(t.app, 'createStripeCheckoutSessionForGift', body, { ip, key }),
        send(other, 'createStripeCheckoutSessionForGift', body, { ip, key }),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.body).toBe(first.body);
      expect((await rows(giftPurchase)) - before).toBe(1);
    } finally {
      await other.close();
    }
  });
});
