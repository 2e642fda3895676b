import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/auth';
import { sessionUserFromBearer } from '../src/auth/session';
import { createSessionLookup } from '../src/auth/session-lookup';
import { session, user } from '../src/db/schema';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { bearer, getUser, signInByPhone } from './support/auth';

const DAY_MS = 24 * 60 * 60 * 1000;

// The API's session lookup accepts and refuses what Better Auth's bearer plugin and getSession do,
// lets a session in use slide its expiry, and every way a session ends takes effect at the next call.
describe('the session lookup of API calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expiryOf = async (token: string) => {
    const [row] = await t.database.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.token, token));
    return row?.expiresAt;
  };

  it('accepts the signed token sign-in hands out, and the bare session token', async () => {
    const signed = await signInByPhone(t.app);
    const [bare = ''] = signed.split('.');
    expect((await getUser(t.app, signed)).statusCode).toBe(200);
    expect((await getUser(t.app, bare)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/getUser', headers: { authorization: `bearer  ${signed} ` } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a token whose signature is not the server’s, even once the genuine one was verified', async () => {
    const signed = await signInByPhone(t.app);
    // A forged value is checked on its own, whatever was accepted before.
    expect((await getUser(t.app, signed)).statusCode).toBe(200);
    const [token = '', signature = ''] = signed.split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [
      `${token}.${flipped}`,
      `${token}.`,
      `${token}.not*base64`,
      `${token}.${signature}extra`,
    ]) {
      expect((await getUser(t.app, forged)).statusCode, forged).toBe(401);
    }
  });

  it('accepts a percent-encoded signed token, decoded as the bearer plugin decodes it', async () => {
    const signed = await signInByPhone(t.app);
    const encoded = encodeURIComponent(signed);
    // Sign-in's signature is standard base64, so encoding it changes the text.
    expect(encoded).not.toBe(signed);
    expect((await getUser(t.app, encoded)).statusCode).toBe(200);
    expect((await getUser(t.app, `${encoded}%`)).statusCode).toBe(401);
  });

  it('answers as Better Auth’s own getSession does, for every kind of bearer value', async () => {
    const auth = createAuth({
      config: testConfig(),
      database: t.database,
      smsSender: { send: async () => undefined },
      log: t.app.log,
    });
    const { lookup } = createSessionLookup(auth, t.database);
    // A signature with a character base64url spells otherwise, so the two alphabets differ.
    let signed = await signInByPhone(t.app);
    while (!/[+/]/.test(signed)) signed = await signInByPhone(t.app);
    const [token = '', signature = ''] = signed.split('.');
    const expired = await signInByPhone(t.app);
    const [expiredToken = ''] = expired.split('.');
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, expiredToken));
    const urlAlphabet = signature.replace(/\+/g, '-').replace(/\//g, '_');
    const values = [
      signed,
      token,
      encodeURIComponent(signed),
      `${token}.${encodeURIComponent(signature)}`,
      `${token}.${signature.replace(/=$/, '')}`,
      `${token}.${urlAlphabet}`,
      `${token}.${signature}.${signature}`,
      `${token.slice(1)}.${signature}`,
      `${token}x.${signature}`,
      `.${signature}`,
      `${token}.`,
      `${token}.%`,
      'not-a-session',
      expired,
      expiredToken,
    ];
    const headers = values.flatMap((value) => [`Bearer ${value}`, `bEaReR   ${value}  `]);
    headers.push('Basic abc', 'Bearer', 'Bearer ', `Token ${signed}`);
    for (const authorization of headers) {
      const [ours, theirs] = await Promise.all([
        lookup(authorization),
        sessionUserFromBearer(auth, authorization),
      ]);
      expect(ours, authorization).toEqual(theirs);
    }
    // The values above include some that sign in, not only refusals.
    expect(await lookup(`Bearer ${signed}`)).not.toBeNull();
    expect(await lookup(`Bearer ${token}`)).not.toBeNull();
  });

  it('slides the expiry of a session in use once a day has passed, and serves the person', async () => {
    const signed = await signInByPhone(t.app);
    const [token = ''] = signed.split('.');
    const fresh = await expiryOf(token);
    // Used again within the day: nothing to slide.
    expect((await getUser(t.app, signed)).statusCode).toBe(200);
    expect(await expiryOf(token)).toEqual(fresh);

    // As if signed in two days ago.
    const twoDaysLess = new Date((fresh?.getTime() ?? 0) - 2 * DAY_MS);
    await t.database.db.update(session).set({ expiresAt: twoDaysLess }).where(eq(session.token, token));
    expect((await getUser(t.app, signed)).statusCode).toBe(200);
    expect((await expiryOf(token))?.getTime()).toBeGreaterThan(twoDaysLess.getTime() + DAY_MS);
    expect((await getUser(t.app, signed)).json()).toMatchObject({ success: true });
  });

  it('refuses a session the moment it is signed out, with no cached answer', async () => {
    const signed = await signInByPhone(t.app);
    expect((await getUser(t.app, signed)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(signed) });
    expect((await getUser(t.app, signed)).statusCode).toBe(401);
  });

  // Nothing between the API and the database remembers a session: a write, however it is made,
  // ends what it ends before the next call.
  it('refuses a session deleted straight in the database, and serves a person as they are now', async () => {
    const signed = await signInByPhone(t.app);
    const [token = ''] = signed.split('.');
    expect((await getUser(t.app, signed)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ userId: session.userId })
      .from(session)
      .where(eq(session.token, token));
    await t.database.db
      .update(user)
      .set({ email: 'renamed@example.com' })
      .where(eq(user.id, row?.userId ?? ''));
    expect((await getUser(t.app, signed)).json()).toMatchObject({ data: { email: 'renamed@example.com' } });

    await t.database.db.delete(session).where(eq(session.token, token));
    expect((await getUser(t.app, signed)).statusCode).toBe(401);
  });

  it('refuses every session of a deleted person at once', async () => {
    const signed = await signInByPhone(t.app);
    expect((await getUser(t.app, signed)).statusCode).toBe(200);
    const [token = ''] = signed.split('.');
    const [row] = await t.database.db
      .select({ userId: session.userId })
      .from(session)
      .where(eq(session.token, token));
    // Deleting the person takes their sessions along (a cascade, not a statement on "session").
    await t.database.db.delete(user).where(eq(user.id, row?.userId ?? ''));
    expect((await getUser(t.app, signed)).statusCode).toBe(401);
  });
});
