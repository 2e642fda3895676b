import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profile } from '../src/db/schema';
import { authConfig } from '../src/modules/account/service';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { bearer, signInByPhone } from './support/auth';

describe('the account calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sync = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/syncCurrentUser',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('tells the sign-in page how to start Google and Apple, and the local test number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getAuthConfig' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: Record<string, unknown> };
    // No real client ids here, so both go through the development identity provider.
    expect(data.google).toEqual({ kind: 'oauth2', id: expect.any(String) });
    expect(data.apple).toEqual({ kind: 'oauth2', id: expect.any(String) });
    expect(data.captcha).toBeNull();
    expect(data.testPhoneNumbers).toEqual([{ phoneNumber: '+15555550100' }]);
  });

  it('never advertises a test number or hides the bot check in production', () => {
    const base = testConfig();
    const production = authConfig(
      {
        ...base,
        isProduction: true,
        auth: {
          ...base.auth,
          captcha: { provider: 'cloudflare-turnstile', secretKey: 'secret', siteKey: 'site-key' },
        },
      },
      { google: { kind: 'social', id: 'google' }, apple: { kind: 'social', id: 'apple' } },
    );
    expect(production.testPhoneNumbers).toEqual([]);
    expect(production.captcha).toEqual({ provider: 'cloudflare-turnstile', siteKey: 'site-key' });
    expect(JSON.stringify(production)).not.toContain('secret"');
  });

  it('creates the profile on the first sync only, and says which sync that was', async () => {
    const token = await signInByPhone(t.app);
    const first = await sync(token, { timezoneOffsetMinutes: 300 });
    expect(first.statusCode).toBe(200);
    const firstData = (first.json() as { data: { isNewUser: boolean; user: { uid: string } } }).data;
    expect(firstData.isNewUser).toBe(true);

    const second = await sync(token, { timezoneOffsetMinutes: -120 });
    expect((second.json() as { data: { isNewUser: boolean } }).data.isNewUser).toBe(false);

    const rows = await t.database.db.select().from(profile).where(eq(profile.userId, firstData.user.uid));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.timezoneOffsetMinutes).toBe(-120);
  });

  it('keeps the recorded time zone when a sync does not send one', async () => {
    const token = await signInByPhone(t.app);
    const { data } = (await sync(token, { timezoneOffsetMinutes: 60 })).json() as {
      data: { user: { uid: string } };
    };
    await sync(token, {});
    const [row] = await t.database.db.select().from(profile).where(eq(profile.userId, data.user.uid));
    expect(row?.timezoneOffsetMinutes).toBe(60);
  });

  it('keeps the trial e-mail from sign-in, replacing it only when a new one is sent', async () => {
    const token = await signInByPhone(t.app);
    const first = await sync(token, { trialEmail: ' trial@example.com ' });
    const { uid } = (first.json() as { data: { user: { uid: string } } }).data.user;
    const stored = async () =>
      (await t.database.db.select().from(profile).where(eq(profile.userId, uid)))[0]?.trialEmail;
    expect(await stored()).toBe('trial@example.com');

    await sync(token, { timezoneOffsetMinutes: 0 });
    expect(await stored()).toBe('trial@example.com');

    await sync(token, { trialEmail: 'later@example.com' });
    expect(await stored()).toBe('later@example.com');

    // A mangled link is not worth failing sign-in over; the stored address stays.
    const mangled = await sync(token, { trialEmail: 'not-an-address' });
    expect(mangled.statusCode).toBe(200);
    expect(await stored()).toBe('later@example.com');
  });

  it.each([
    ['an impossible time zone', { timezoneOffsetMinutes: 2000 }, 'timezoneOffsetMinutes'],
    ['a time zone as text', { timezoneOffsetMinutes: '300' }, 'timezoneOffsetMinutes'],
    ['a fractional time zone', { timezoneOffsetMinutes: 30.5 }, 'timezoneOffsetMinutes'],
    ['an overlong trial e-mail', { trialEmail: `${'a'.repeat(250)}@x.io` }, 'trialEmail'],
    ['an unknown field', { isAdmin: true }, 'isAdmin'],
    ['a list', [1], 'Invalid body'],
  ])('answers a sync with %s with a readable 400', async (_case, payload, mention) => {
    const token = await signInByPhone(t.app);
    const res = await sync(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
  });
});
