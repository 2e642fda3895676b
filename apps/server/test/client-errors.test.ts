import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorReport } from '../src/db/schema';
import { clientErrorRateLimit } from '../src/modules/client-errors/limits';
import { listClientErrors } from '../src/modules/client-errors/service';
import { purgeExpired } from '../src/modules/retention/service';
import { call, callOk, dataOf, failureOf, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';
import { randomIp } from './support/auth';

const DAY_MS = 86_400_000;

/** A report as the web app sends it; `message` names the test so its rows are easy to find. */
const reportOf = (message: string, extra: Record<string, unknown> = {}) => ({
  kind: 'error',
  message,
  stack: `Error: ${message}\n    at onClick (https://stillpoint.app/assets/home-B1c2D3e4.js?v=2:12:1034)`,
  route: '/home',
  release: '0.1.0+abc1234',
  ...extra,
});

describe('errors from browsers (reportClientError)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      retention: { intervalSeconds: 0, analyticsDays: 400, newsletterUnconfirmedDays: 30 },
    });
  });
  afterAll(() => t.close());

  const rowsWithMessage = (prefix: string) =>
    t.database.db.select().from(clientErrorReport).where(eq(clientErrorReport.route, prefix));

  it('stores a report scrubbed of queries, tokens, codes, e-mails and phone numbers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reportClientError',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (test browser)' },
      payload: JSON.stringify({
        kind: 'unhandledrejection',
        message: 'Sign-in failed for jane@example.com with code 123456 (Bearer abcdef.123)',
        stack:
          'Error: at https://stillpoint.app/verify?phone=%2B14155550100&code=654321#x\n    at run (https://stillpoint.app/assets/a-1b2c3d.js?v=1:1:99)',
        route: '/scrubbed-report?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln#frag',
        release: '0.1.0+abc1234',
      }),
      remoteAddress: randomIp(),
    });
    expect(res.json()).toEqual({ success: true, data: { ok: true } });
    const [row] = await rowsWithMessage('/scrubbed-report');
    expect(row).toMatchObject({
      kind: 'unhandledrejection',
      message: 'Sign-in failed for [email] with code [code] (Bearer [token])',
      stack:
        'Error: at https://stillpoint.app/verify\n    at run (https://stillpoint.app/assets/a-1b2c3d.js:1:99)',
      route: '/scrubbed-report',
      release: '0.1.0+abc1234',
      userAgent: 'Mozilla/5.0 (test browser)',
      userId: null,
    });
  });

  it('names the person when a valid token is sent, and no one for an invalid one', async () => {
    const person = await signUp(t.app);
    await callOk(t.app, 'reportClientError', reportOf('signed in', { route: '/signed-in' }), person.token);
    expect(
      (
        await call(t.app, 'reportClientError', reportOf('bad token', { route: '/bad-token' }), {
          token: 'nope',
        })
      ).statusCode,
    ).toBe(200);
    expect((await rowsWithMessage('/signed-in'))[0]?.userId).toBe(person.uid);
    expect((await rowsWithMessage('/bad-token'))[0]?.userId).toBeNull();
  });

  it('refuses a malformed report with a readable 400 and stores nothing', async () => {
    for (const body of [
      {},
      reportOf('', { route: '/malformed' }),
      reportOf('x', { kind: 'warning', route: '/malformed' }),
      reportOf('x', { route: '/malformed', extra: 1 }),
      reportOf('x'.repeat(2001), { route: '/malformed' }),
    ]) {
      const res = await call(t.app, 'reportClientError', body);
      expect(failureOf(res)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    }
    expect(await rowsWithMessage('/malformed')).toEqual([]);
  });

  it('is rate limited per address: a 429 past the limit, others unaffected', async () => {
    const ip = randomIp();
    for (let sent = 0; sent < clientErrorRateLimit.max; sent++) {
      expect(
        (await call(t.app, 'reportClientError', reportOf('burst', { route: '/burst' }), { ip })).statusCode,
      ).toBe(200);
    }
    const refused = await call(t.app, 'reportClientError', reportOf('burst', { route: '/burst' }), { ip });
    expect(failureOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(await rowsWithMessage('/burst')).toHaveLength(clientErrorRateLimit.max);
    expect((await call(t.app, 'reportClientError', reportOf('other', { route: '/burst' }))).statusCode).toBe(
      200,
    );
  });

  it('counts stored reports in /metrics, by kind', async () => {
    const sample = async (kind: string) => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const series = `stillpoint_client_error_reports_total{kind="${kind}"} `;
      const line = text.split('\n').find((candidate) => candidate.startsWith(series));
      return line === undefined ? 0 : Number(line.slice(series.length));
    };
    const before = await sample('error');
    await callOk(t.app, 'reportClientError', reportOf('counted', { route: '/counted' }), '');
    await call(t.app, 'reportClientError', reportOf('', { route: '/counted' }));
    expect(await sample('error')).toBe(before + 1);
    expect(await sample('unhandledrejection')).toBeGreaterThanOrEqual(1);
  });

  it('is deleted by the retention job after 30 days, and kept until then', async () => {
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await t.database.db.insert(clientErrorReport).values(
      [at(31), at(30.01), at(29.9), at(1)].map((when) => ({
        at: when,
        kind: 'error' as const,
        message: 'aged',
        route: '/aged',
        release: 'r',
      })),
    );
    const report = await purgeExpired(
      t.database.db,
      { analyticsDays: 400, newsletterUnconfirmedDays: 30 },
      { now },
    );
    expect(report.clientErrors).toBeGreaterThanOrEqual(2);
    const left = (await rowsWithMessage('/aged')).map((row) => row.at.getTime()).sort();
    expect(left).toEqual([at(29.9).getTime(), at(1).getTime()]);
  });

  it("goes with the person's account, and is in their export until then", async () => {
    const person = await signUp(t.app);
    await callOk(t.app, 'reportClientError', reportOf('mine 123456', { route: '/exported' }), person.token);
    const exported = await callOk(t.app, 'exportAccount', undefined, person.token);
    expect(exported.data.client_error_report).toEqual([
      expect.objectContaining({ message: 'mine [code]', route: '/exported', release: '0.1.0+abc1234' }),
    ]);
    expect(
      dataOf(
        'deleteAccount',
        await call(t.app, 'deleteAccount', { confirm: 'DELETE' }, { token: person.token }),
      ).deleted,
    ).toBe(true);
    expect(await rowsWithMessage('/exported')).toEqual([]);
  });
});

describe('listClientErrors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('pages newest first, with a cursor that ends on the last page', async () => {
    const person = await signUp(t.app);
    for (let n = 1; n <= 5; n++) {
      await callOk(
        t.app,
        'reportClientError',
        reportOf(`number ${n}`, { route: `/page-${n}` }),
        n === 5 ? person.token : '',
      );
    }
    const first = await listClientErrors(t.database.db, { limit: 2 });
    expect(first.reports.map((report) => report.route)).toEqual(['/page-5', '/page-4']);
    expect(first.reports[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      message: 'number 5',
      stack: expect.stringContaining('home-B1c2D3e4.js:12:1034'),
      route: '/page-5',
      release: '0.1.0+abc1234',
      userAgent: expect.any(String),
      uid: person.uid,
    });
    const second = await listClientErrors(t.database.db, { limit: 2, before: first.nextBefore ?? '' });
    expect(second.reports.map((report) => report.route)).toEqual(['/page-3', '/page-2']);
    const last = await listClientErrors(t.database.db, { limit: 2, before: second.nextBefore ?? '' });
    expect(last).toMatchObject({
      reports: [expect.objectContaining({ route: '/page-1' })],
      nextBefore: null,
    });
    expect((await listClientErrors(t.database.db)).reports).toHaveLength(5);
  });

  it('refuses a cursor it did not give with a 400', async () => {
    await expect(listClientErrors(t.database.db, { before: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
