import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberedSessions, sessionTokenOf } from '../src/auth/session-lookup';
import { session, user } from '../src/db/schema';
import { buildTestApp, createTestApp, type TestApp } from './support/app';
import { bearer, getUser, signInByPhone } from './support/auth';

const DAY_MS = 24 * 60 * 60 * 1000;

// The API's own session lookup must accept and refuse exactly what Better Auth's bearer plugin
// does, and still let a session in use slide its expiry.
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
    // The genuine value's check is remembered; a forged one must still be checked on its own.
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

  it('reads the signature in either base64 alphabet, padded or not', () => {
    const secret = createHmac('sha256', 'a-secret').update('tok').digest();
    for (const encoded of [
      secret.toString('base64'),
      secret.toString('base64url'),
      secret.toString('base64').replace(/=+$/, ''),
    ]) {
      expect(sessionTokenOf(`tok.${encoded}`, 'a-secret')).toBe('tok');
    }
    expect(sessionTokenOf(`tok.${secret.toString('base64')}`, 'another-secret')).toBeNull();
    expect(sessionTokenOf(`tok.${encodeURIComponent(secret.toString('base64'))}`, 'a-secret')).toBe('tok');
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

  // On PGlite the lookup remembers sessions it found until a write changes who is signed in; any
  // write, however it is made, must end what it ends before the next call.
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

  it('stops listening for session changes when the app closes, leaving the database to others', async () => {
    const { onSessionsChanged } = t.database;
    if (!onSessionsChanged) return; // PostgreSQL: nothing listens.
    let listening = 0;
    const counted: typeof onSessionsChanged = (listener) => {
      listening += 1;
      const stop = onSessionsChanged(listener);
      return () => {
        listening -= 1;
        stop();
      };
    };
    const other = await buildTestApp({ ...t.database, onSessionsChanged: counted });
    expect(listening).toBe(1);
    await other.close();
    expect(listening).toBe(0);
  });
});

describe("PGlite's remembered sessions", () => {
  /** A find whose answers the test hands out one by one, and a write the test reports. */
  const harness = () => {
    const pending: ((row: { id: string }) => void)[] = [];
    let reads = 0;
    const listeners = new Set<() => void>();
    const sessions = rememberedSessions(
      () => {
        reads += 1;
        return new Promise<{ id: string }>((resolve) => pending.push(resolve));
      },
      (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    );
    const answer = (row: { id: string }) => pending.shift()?.(row);
    const write = () => {
      for (const listener of listeners) listener();
    };
    return { sessions, answer, write, reads: () => reads };
  };

  it('remembers a row until a write, then reads it again', async () => {
    const { sessions, answer, write, reads } = harness();
    const first = sessions.find('token');
    answer({ id: 'before' });
    expect(await first).toEqual({ id: 'before' });
    expect(await sessions.find('token')).toEqual({ id: 'before' });
    expect(reads()).toBe(1);
    write();
    const again = sessions.find('token');
    answer({ id: 'after' });
    expect(await again).toEqual({ id: 'after' });
    expect(reads()).toBe(2);
  });

  it('does not keep a row read while a write landed, which may be the row as it was', async () => {
    const { sessions, answer, write, reads } = harness();
    const during = sessions.find('token');
    // The write (say, a sign-out) lands between the read and its caller resuming.
    write();
    answer({ id: 'stale' });
    expect(await during).toEqual({ id: 'stale' });
    const next = sessions.find('token');
    expect(reads()).toBe(2);
    answer({ id: 'fresh' });
    expect(await next).toEqual({ id: 'fresh' });
  });
});
