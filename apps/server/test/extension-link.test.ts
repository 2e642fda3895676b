import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { bearer, getUser, randomIp, signInByPhone } from './support/auth';
import { createExchangeToken, exchangeExtensionToken } from './support/extension-link';

const REFUSED = {
  success: false,
  code: 'UNAUTHENTICATED',
  error: expect.stringContaining('expired or was already used'),
};

// The web app hands the extension a one-time token (USER_ACCESS_TOKEN_EXCHANGE); the extension
// trades it for a session of its own.
describe('the extension token exchange', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const createToken = (sessionToken: string) => createExchangeToken(t.app, sessionToken);
  const exchange = (token: unknown) => exchangeExtensionToken(t.app, token);

  it('gives the extension its own session for the same person', async () => {
    const webToken = await signInByPhone(t.app, '+14155550190');
    const token = await createToken(webToken);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const res = await exchange(token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as {
      data: { sessionToken: string; user: { uid: string; phoneNumber: string } };
    };
    expect(data.sessionToken).not.toBe(webToken);
    expect(data.user.phoneNumber).toBe('+14155550190');

    const asExtension = await getUser(t.app, data.sessionToken);
    expect(asExtension.json()).toMatchObject({ data: { uid: data.user.uid, phoneNumber: '+14155550190' } });
  });

  it('stores only a hash of the token', async () => {
    const token = await createToken(await signInByPhone(t.app));
    const result = await t.database.db.execute(sql`select token_hash from extension_exchange_token`);
    const hashes = (result as unknown as { rows: { token_hash: string }[] }).rows.map(
      (row) => row.token_hash,
    );
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(token);
  });

  it('works once: a used token is refused', async () => {
    const token = await createToken(await signInByPhone(t.app));
    expect((await exchange(token)).statusCode).toBe(200);
    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(REFUSED);
  });

  it('lets exactly one of several simultaneous exchanges of one token through', async () => {
    const token = await createToken(await signInByPhone(t.app));
    const results = await Promise.all(Array.from({ length: 5 }, () => exchange(token)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('refuses a token older than five minutes', async () => {
    const token = await createToken(await signInByPhone(t.app));
    await t.database.db.execute(
      sql`update extension_exchange_token set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const res = await exchange(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
  });

  it('refuses a token once the session that made it has signed out', async () => {
    const webToken = await signInByPhone(t.app);
    const token = await createToken(webToken);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(webToken) });
    const res = await exchange(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
  });

  it('refuses a token whose session has expired, though its row is still there', async () => {
    const webToken = await signInByPhone(t.app);
    const token = await createToken(webToken);
    await t.database.db.execute(
      sql`update session set expires_at = now() - interval '1 second' where id in (select session_id from extension_exchange_token where used_at is null)`,
    );
    const res = await exchange(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
  });

  it('makes tokens that expire five minutes after they are made', async () => {
    await createToken(await signInByPhone(t.app));
    const result = await t.database.db.execute(
      sql`select extract(epoch from expires_at - created_at)::float8 as seconds from extension_exchange_token order by created_at desc limit 1`,
    );
    const { rows } = result as unknown as { rows: { seconds: number }[] };
    expect(Math.round(Number(rows[0]?.seconds))).toBe(300);
  });

  it('refuses a token that was never issued', async () => {
    const res = await exchange('x'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
  });

  it('keeps the extension signed in when the web app signs out, and the other way round', async () => {
    const webToken = await signInByPhone(t.app);
    const extension = (
      (await exchange(await createToken(webToken))).json() as { data: { sessionToken: string } }
    ).data.sessionToken;
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(webToken) });
    expect((await getUser(t.app, webToken)).statusCode).toBe(401);
    expect((await getUser(t.app, extension)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(extension) });
    expect((await getUser(t.app, extension)).statusCode).toBe(401);
  });

  it('needs a signed-in user to make a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/createCustomFirebaseToken' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['a number', { token: 42 }],
    ['an overlong token', { token: 'x'.repeat(600) }],
    ['an extra field', { token: 'abc', userId: 'someone-else' }],
  ])('answers %s with a readable 400', async (_case, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/exchangeExtensionToken',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
