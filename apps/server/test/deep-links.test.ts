import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityProviders } from '../src/auth/identity-providers';
import { account, deepLink, session, user } from '../src/db/schema';
import { rateLimits } from '../src/http/rate-limit';
import { createDeepLink, getDeepLink } from '../src/modules/deep-links/service';
import { call, dataOf, failureOf, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { randomIp } from './support/auth';

const PUBLIC_URL = 'http://localhost:3000';
const stores = { appStoreId: '1234567890', playStorePackage: 'app.stillpoint' };
const APP_STORE = 'https://apps.apple.com/app/id1234567890';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=app.stillpoint';
const CHECKOUT_DONE = `${PUBLIC_URL}/mobileDownload`;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.80 Mobile Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

const links = { desktopUrl: CHECKOUT_DONE, iosUrl: APP_STORE };

describe('deep links', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ stores });
    app = t.app;
  });
  afterAll(() => t.close());

  const create = (body: unknown, token?: string, ip?: string) =>
    call(app, 'createDeepLink', body, { token, ...(ip ? { ip } : {}) });
  const follow = (path: string, userAgent?: string, ip = randomIp()) =>
    app.inject({
      method: 'GET',
      url: path,
      headers: userAgent ? { 'user-agent': userAgent } : {},
      remoteAddress: ip,
    });

  /**
   * Someone who signed in with Google or Apple only (no phone number): their user, provider
   * accounts and a session, written the way Better Auth stores them after an OAuth sign-in.
   */
  async function signUpWithProviders(...providers: { id: string; updatedAt: Date }[]) {
    const uid = randomUUID();
    const token = randomBytes(24).toString('base64url');
    await t.database.db
      .insert(user)
      .values({ id: uid, name: 'Ada', email: `${uid}@example.com`, emailVerified: true });
    for (const provider of providers) {
      await t.database.db.insert(account).values({
        id: randomUUID(),
        accountId: randomUUID(),
        providerId: provider.id,
        userId: uid,
        updatedAt: provider.updatedAt,
      });
    }
    await t.database.db
      .insert(session)
      .values({ id: randomUUID(), token, userId: uid, expiresAt: new Date(Date.now() + 3_600_000) });
    return { uid, token };
  }
  const { google, apple } = identityProviders(testConfig()).info;

  describe('createDeepLink', () => {
    it('makes a short link on this site with a random code', async () => {
      const sam = await signUp(app);
      const link = dataOf('createDeepLink', await create(links, sam.token));
      expect(link).toEqual({
        code: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
        url: `${PUBLIC_URL}/l/${link.code}`,
        desktopUrl: CHECKOUT_DONE,
        iosUrl: APP_STORE,
        suggestedAuthMethod: 'PHONE_NUMBER',
      });
      const [row] = await t.database.db.select().from(deepLink).where(eq(deepLink.code, link.code));
      expect(row).toMatchObject({ userId: sam.uid, desktopUrl: CHECKOUT_DONE, iosUrl: APP_STORE });

      const other = dataOf('createDeepLink', await create(links, sam.token));
      expect(other.code).not.toBe(link.code);
    });

    it('keeps the suggested sign-in method it is given', async () => {
      const sam = await signUp(app);
      const link = dataOf(
        'createDeepLink',
        await create({ ...links, suggestedAuthMethod: 'APPLE' }, sam.token),
      );
      expect(link.suggestedAuthMethod).toBe('APPLE');
    });

    it('suggests the Google or Apple account the person signed in with last', async () => {
      const earlier = new Date('2026-01-01T00:00:00Z');
      const later = new Date('2026-02-01T00:00:00Z');
      const googler = await signUpWithProviders({ id: google.id, updatedAt: earlier });
      const appler = await signUpWithProviders({ id: apple.id, updatedAt: earlier });
      const both = await signUpWithProviders(
        { id: google.id, updatedAt: earlier },
        { id: apple.id, updatedAt: later },
      );
      const nothing = await signUpWithProviders();
      const method = async (token: string) =>
        dataOf('createDeepLink', await create(links, token)).suggestedAuthMethod;
      expect(await method(googler.token)).toBe('GOOGLE');
      expect(await method(appler.token)).toBe('APPLE');
      expect(await method(both.token)).toBe('APPLE');
      // No phone and no provider account known: the phone is the default.
      expect(await method(nothing.token)).toBe('PHONE_NUMBER');
    });

    it('suggests the phone number when the person has one, whatever else they linked', async () => {
      const sam = await signUp(app);
      await t.database.db
        .insert(account)
        .values({ id: randomUUID(), accountId: randomUUID(), providerId: google.id, userId: sam.uid });
      expect(dataOf('createDeepLink', await create(links, sam.token)).suggestedAuthMethod).toBe(
        'PHONE_NUMBER',
      );
    });

    it.each([
      ['this site', `${PUBLIC_URL}/getting-started?step=download`],
      ['the website', 'https://stillpoint.app/blog/first-week'],
      ['the App Store', APP_STORE],
      ['the Play Store', 'https://play.google.com/store/apps/details?id=app.stillpoint'],
    ])('accepts a fallback on %s', async (_where, url) => {
      const sam = await signUp(app);
      const link = dataOf('createDeepLink', await create({ desktopUrl: url, iosUrl: url }, sam.token));
      expect(link).toMatchObject({ desktopUrl: url, iosUrl: url });
    });

    it('stores a fallback as the URL parser reads it, so the redirect goes where was checked', async () => {
      const sam = await signUp(app);
      const link = dataOf(
        'createDeepLink',
        await create({ desktopUrl: 'https://STILLPOINT.app\\@evil.example/', iosUrl: APP_STORE }, sam.token),
      );
      expect(link.desktopUrl).toBe('https://stillpoint.app/@evil.example/');
    });

    it.each([
      ['another app in the App Store', 'https://apps.apple.com/app/id999999999', APP_STORE],
      ['a page of the App Store', 'https://apps.apple.com/us/charts', APP_STORE],
      ['another app in the Play Store', 'https://play.google.com/store/apps/details?id=evil.app', PLAY_STORE],
    ])('refuses %s: a store link leads only to our app', async (_what, url, page) => {
      const sam = await signUp(app);
      const response = await create({ ...links, iosUrl: url }, sam.token);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(`iosUrl may lead to ${new URL(url).host} only at ${page}.`);
    });

    const allowed = 'localhost:3000, stillpoint.app, apps.apple.com or play.google.com';
    it.each([
      [
        'another site',
        { ...links, desktopUrl: 'https://evil.example/phish' },
        `desktopUrl must lead to ${allowed}; evil.example is not allowed.`,
      ],
      [
        'a look-alike host',
        { ...links, iosUrl: 'https://apps.apple.com.evil.example/app' },
        `iosUrl must lead to ${allowed}; apps.apple.com.evil.example is not allowed.`,
      ],
      [
        'another port on this host',
        { ...links, desktopUrl: 'http://localhost:4000/' },
        `desktopUrl must lead to ${allowed}; localhost:4000 is not allowed.`,
      ],
      [
        'the website over http',
        { ...links, desktopUrl: 'http://stillpoint.app/' },
        'desktopUrl must start with https://stillpoint.app.',
      ],
      [
        'a user name in the address',
        { ...links, desktopUrl: 'https://someone@stillpoint.app/' },
        'desktopUrl must not contain a user name or password.',
      ],
      [
        'a script address',
        { ...links, iosUrl: 'javascript:alert(1)' },
        'iosUrl must be a web address (http or https)',
      ],
      [
        'an address that does not parse',
        { ...links, iosUrl: 'https://[nope/' },
        'iosUrl must be a web address',
      ],
      ['no iosUrl', { desktopUrl: CHECKOUT_DONE }, 'iosUrl'],
      [
        'an unknown sign-in method',
        { ...links, suggestedAuthMethod: 'EMAIL' },
        'suggestedAuthMethod must be one of GOOGLE, APPLE, PHONE_NUMBER',
      ],
      ['an extra field', { ...links, code: 'MyOwnCode1' }, 'code'],
    ])('refuses %s with a readable 400 and stores nothing', async (_case, body, message) => {
      const sam = await signUp(app);
      const before = await t.database.db.select().from(deepLink);
      expect(failureOf(await create(body, sam.token))).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        error: expect.stringContaining(message),
      });
      expect(await t.database.db.select().from(deepLink)).toHaveLength(before.length);
    });

    it('needs a signed-in person', async () => {
      expect(failureOf(await create(links))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    });

    it('draws another code when the first is taken, and gives up after five', async () => {
      const sam = await signUp(app);
      const { uid } = sam;
      const person = { id: uid, email: null, phoneNumber: '+14155550000', name: null };
      const codes = ['Collision01', 'Collision01', 'Collision01', 'FreshCode01'];
      const deps = {
        db: t.database.db,
        config: { publicUrl: PUBLIC_URL, stores },
        signInMethodOf: async () => 'PHONE_NUMBER' as const,
        newCode: () => codes.shift() ?? 'Collision01',
      };
      expect((await createDeepLink(deps, person, links)).code).toBe('Collision01');
      expect((await createDeepLink(deps, person, links)).code).toBe('FreshCode01');
      await expect(createDeepLink(deps, person, links)).rejects.toThrow(
        /no free deep-link code after 5 attempts/,
      );
      expect((await getDeepLink(deps, 'FreshCode01')).desktopUrl).toBe(CHECKOUT_DONE);
    });

    it('limits how many links one person makes, wherever they call from', async () => {
      const sam = await signUp(app);
      for (let i = 0; i < rateLimits.deepLinkCreate.max; i++) {
        expect((await create(links, sam.token, randomIp())).statusCode).toBe(200);
      }
      const ip = randomIp();
      expect(failureOf(await create(links, sam.token, ip))).toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
      });
      // Someone else on the same address is not held back.
      const kim = await signUp(app);
      expect((await create(links, kim.token, ip)).statusCode).toBe(200);
    });
  });

  describe('getDeepLink', () => {
    it('answers what a link holds, to anyone', async () => {
      const sam = await signUp(app);
      const made = dataOf(
        'createDeepLink',
        await create({ ...links, suggestedAuthMethod: 'GOOGLE' }, sam.token),
      );
      expect(dataOf('getDeepLink', await call(app, 'getDeepLink', { code: made.code }))).toEqual(made);
    });

    it('answers 404 for an unknown code and 400 for a malformed one', async () => {
      expect(failureOf(await call(app, 'getDeepLink', { code: 'Unknown123' }))).toEqual({
        status: 404,
        success: false,
        code: 'NOT_FOUND',
        error: 'This link does not exist.',
      });
      for (const code of ['abc', 'has-dash1', 'x'.repeat(33)]) {
        expect(failureOf(await call(app, 'getDeepLink', { code }))).toMatchObject({
          status: 400,
          code: 'BAD_REQUEST',
          error: expect.stringContaining('code must be a link code (letters and digits)'),
        });
      }
      expect(failureOf(await call(app, 'getDeepLink'))).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    });

    it('keeps working after its creator deletes their account', async () => {
      const sam = await signUp(app);
      const made = dataOf('createDeepLink', await create(links, sam.token));
      await t.database.db.delete(user).where(eq(user.id, sam.uid));
      expect(dataOf('getDeepLink', await call(app, 'getDeepLink', { code: made.code }))).toEqual(made);
      const [row] = await t.database.db.select().from(deepLink).where(eq(deepLink.code, made.code));
      expect(row?.userId).toBeNull();
    });
  });

  describe('GET /l/{code}', () => {
    let code: string;
    beforeAll(async () => {
      const sam = await signUp(app);
      code = dataOf('createDeepLink', await create(links, sam.token)).code;
    });

    it.each([
      ['an iPhone', IPHONE, APP_STORE],
      ['an Android phone', ANDROID, PLAY_STORE],
      ['a Mac', MAC, CHECKOUT_DONE],
      ['no User-Agent', undefined, CHECKOUT_DONE],
    ])('sends %s to the right place, uncached', async (_who, userAgent, destination) => {
      const res = await follow(`/l/${code}`, userAgent);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(destination);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('sends an unknown, malformed or missing code to the home page instead of an error', async () => {
      for (const path of ['/l/Unknown123', '/l/not-a-code!', '/l/', `/l/${code}/extra`, '/l/%00']) {
        const res = await follow(path, IPHONE);
        expect({ path, status: res.statusCode, location: res.headers.location }).toEqual({
          path,
          status: 302,
          location: `${PUBLIC_URL}/`,
        });
      }
    });

    it('forgives a trailing slash', async () => {
      expect((await follow(`/l/${code}/`, MAC)).headers.location).toBe(CHECKOUT_DONE);
    });

    it('limits how often one address follows links', async () => {
      const ip = randomIp();
      for (let i = 0; i < rateLimits.deepLinkRead.max; i++) {
        expect((await follow(`/l/${code}`, MAC, ip)).statusCode).toBe(302);
      }
      const limited = await follow(`/l/${code}`, MAC, ip);
      expect(limited.statusCode).toBe(429);
      expect((await follow(`/l/${code}`, MAC)).statusCode).toBe(302);
    });
  });
});
