import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { referralView } from '../src/db/schema';
import { rateLimits } from '../src/http/rate-limit';
import { call, callOk, dataOf, failureOf, type Person, signUp } from './support/api';
import { buildTestApp } from './support/app';
import { randomIp } from './support/auth';
import { openTestDatabase } from './support/database';

describe('referrals (viewAppReferral, clickedDownloadFromAppReferral, getAppReferralStats)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let alex: Person;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database);
    alex = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const view = (body: unknown, ip?: string) => call(app, 'viewAppReferral', body, ip ? { ip } : {});
  const click = (body: unknown, ip?: string) =>
    call(app, 'clickedDownloadFromAppReferral', body, ip ? { ip } : {});
  const viewId = async (referringUserId: string) =>
    dataOf('viewAppReferral', await view({ referringUserId })).id;
  const storedView = async (id: string) =>
    (await database.db.select().from(referralView).where(eq(referralView.id, id)))[0];
  const statsOf = (person: Person) => callOk(app, 'getAppReferralStats', undefined, person.token);

  it("records a visit to someone's link with its time and nothing about the visitor", async () => {
    const before = Date.now();
    const res = await view({ referringUserId: alex.uid });
    const { id } = dataOf('viewAppReferral', res);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await storedView(id);
    expect(row).toEqual({
      id,
      referringUserId: alex.uid,
      clickedDownloadAt: null,
      createdAt: expect.any(Date),
    });
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stores a visit for an unknown referring user as unattributed, and still answers an id', async () => {
    const res = await view({ referringUserId: 'nobody-by-this-id' });
    expect(res.statusCode).toBe(200);
    const { id } = dataOf('viewAppReferral', res);
    expect(await storedView(id)).toMatchObject({ referringUserId: null });
    // The unattributed visit can still be followed to the store.
    expect((await click({ referralViewId: id })).statusCode).toBe(200);
  });

  it.each([
    ['no referring user', {}, 'referringUserId'],
    ['an empty referring user', { referringUserId: '   ' }, 'referringUserId is required'],
    ['a number for an id', { referringUserId: 42 }, 'referringUserId must be text'],
    ['an overlong id', { referringUserId: 'x'.repeat(129) }, 'referringUserId is too long'],
    ['an extra field', { referringUserId: 'abc', ip: '1.2.3.4' }, 'ip'],
  ])('answers a visit with %s with a readable 400 and stores nothing', async (_case, body, mention) => {
    const before = await database.db.select().from(referralView);
    expect(failureOf(await view(body))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
    expect(await database.db.select().from(referralView)).toHaveLength(before.length);
  });

  it('answers a body that is not JSON with a readable 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/viewAppReferral',
      headers: { 'content-type': 'application/json' },
      payload: '{"referringUserId":',
      remoteAddress: randomIp(),
    });
    expect(failureOf(res)).toMatchObject({ status: 400, error: 'The request body is not valid JSON.' });
  });

  it('stamps the download click once, however often it is pressed', async () => {
    const id = await viewId(alex.uid);
    expect((await click({ referralViewId: id })).json()).toEqual({ success: true, data: { ok: true } });
    const first = (await storedView(id))?.clickedDownloadAt;
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await click({ referralViewId: id })).statusCode).toBe(200);
    expect((await storedView(id))?.clickedDownloadAt).toEqual(first);
  });

  it('answers 404 for a view id that is not one, and 400 for one that is not a UUID', async () => {
    expect(failureOf(await click({ referralViewId: '00000000-0000-4000-8000-000000000000' }))).toEqual({
      status: 404,
      success: false,
      code: 'NOT_FOUND',
      error: 'That referral visit was not found.',
    });
    expect(failureOf(await click({ referralViewId: 'not-a-view' }))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining('referralViewId must be a UUID'),
    });
    expect(failureOf(await click({}))).toMatchObject({
      status: 400,
      error: expect.stringContaining('referralViewId'),
    });
  });

  it("counts only the caller's own link: visits and the visits that clicked, each once", async () => {
    const sam = await signUp(app);
    const robin = await signUp(app);
    expect(await statsOf(sam)).toEqual({ views: 0, downloadClicks: 0 });

    const [first, second] = [await viewId(sam.uid), await viewId(sam.uid)];
    await viewId(sam.uid);
    await click({ referralViewId: first });
    await click({ referralViewId: first });
    await click({ referralViewId: second });
    await viewId(robin.uid);

    expect(await statsOf(sam)).toEqual({ views: 3, downloadClicks: 2 });
    expect(await statsOf(robin)).toEqual({ views: 1, downloadClicks: 0 });
  });

  it('asks for a sign-in before telling anyone how a link did, and takes no user id', async () => {
    expect(failureOf(await call(app, 'getAppReferralStats'))).toMatchObject({ status: 401 });
    // A query naming someone else is ignored: the answer is always the caller's own.
    const sam = await signUp(app);
    await viewId(alex.uid);
    const res = await app.inject({
      method: 'GET',
      url: `/api/getAppReferralStats?userId=${encodeURIComponent(alex.uid)}`,
      headers: { authorization: `Bearer ${sam.token}` },
      remoteAddress: randomIp(),
    });
    expect(dataOf('getAppReferralStats', res)).toEqual({ views: 0, downloadClicks: 0 });
  });

  it('limits how often one address can record visits and clicks', async () => {
    const ip = randomIp();
    for (let i = 0; i < rateLimits.referralView.max; i++) {
      expect((await view({ referringUserId: alex.uid }, ip)).statusCode).toBe(200);
    }
    expect(failureOf(await view({ referringUserId: alex.uid }, ip))).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect((await view({ referringUserId: alex.uid })).statusCode).toBe(200);

    const id = await viewId(alex.uid);
    for (let i = 0; i < rateLimits.referralClick.max; i++) {
      expect((await click({ referralViewId: id }, ip)).statusCode).toBe(200);
    }
    expect(failureOf(await click({ referralViewId: id }, ip))).toMatchObject({ status: 429 });
  });
});
