import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { freshPhoneNumber, sendOtp, verifyOtp } from './support/auth';

// SPEC: the sign-in methods are GOOGLE, APPLE and PHONE_NUMBER; anything else is refused.
describe('sign-in methods', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth${path}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it.each([
    ['/sign-up/email', { email: 'sam@example.com', password: 'correct horse battery', name: 'Sam' }],
    ['/sign-in/email', { email: 'sam@example.com', password: 'correct horse battery' }],
    ['/sign-in/phone-number', { phoneNumber: '+14155552671', password: 'correct horse battery' }],
    ['/phone-number/request-password-reset', { phoneNumber: '+14155552671' }],
    ['/sign-in/anonymous', {}],
    ['/sign-in/magic-link', { email: 'sam@example.com' }],
    ['/link-social', { provider: 'google' }],
    ['/sign-in/oauth2', { providerId: 'some-other-idp' }],
  ])('does not serve %s', async (path, payload) => {
    const res = await post(path, payload);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each([
    ['/sign-in/social', { provider: 'github' }],
    ['/sign-in/social', { provider: 'facebook', idToken: { token: 'x' } }],
  ])('refuses %s with a provider that is not Google or Apple', async (path, payload) => {
    const res = await post(path, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SIGN_IN_METHOD_NOT_ALLOWED' });
  });

  it('refuses a popup sign-in or a callback for another provider', async () => {
    const popup = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oauth-popup/start?provider=github&popupOrigin=http%3A%2F%2Flocalhost%3A3000',
    });
    expect(popup.statusCode).toBe(400);
    const callback = await t.app.inject({ method: 'GET', url: '/api/auth/callback/github?code=x&state=y' });
    expect(callback.statusCode).toBe(400);
  });

  it("passes Apple's form-posted callback through to Better Auth, which continues it as a GET", async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/getAuthConfig' })).json() as {
      data: { apple: { id: string } };
    };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/callback/${data.apple.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc&state=xyz',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `http://localhost:3000/api/auth/callback/${data.apple.id}?code=abc&state=xyz`,
    );
  });

  it('starts Google and Apple through the providers getAuthConfig names', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/getAuthConfig' })).json() as {
      data: { google: { kind: string; id: string }; apple: { kind: string; id: string } };
    };
    for (const provider of [data.google, data.apple]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/oauth-popup/start?provider=${provider.id}&popupOrigin=http%3A%2F%2Flocalhost%3A3000`,
      });
      // Not refused by the sign-in-method rule (the provider itself is not reachable in a test).
      expect(res.statusCode, provider.id).not.toBe(400);
      expect(res.body, provider.id).not.toContain('SIGN_IN_METHOD_NOT_ALLOWED');
    }
  });
});

// SPEC §5: phone verification needs a bot-check token, when a captcha provider is configured.
describe('the bot check on sending a code', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = testConfig();
    t = await createTestApp({
      auth: {
        ...base.auth,
        captcha: { provider: 'cloudflare-turnstile', secretKey: 'secret', siteKey: 'site-key' },
      },
    });
  });
  afterAll(() => t.close());

  it('refuses to send a code without the widget token, and sends nothing', async () => {
    const res = await sendOtp(t.app, freshPhoneNumber());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MISSING_RESPONSE' });
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect((outbox.json() as { data: { messages: unknown[] } }).data.messages).toHaveLength(0);
  });

  it('tells the sign-in page which widget to show', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getAuthConfig' });
    expect(res.json()).toMatchObject({
      data: { captcha: { provider: 'cloudflare-turnstile', siteKey: 'site-key' } },
    });
  });

  it('does not put the check on entering the code', async () => {
    const res = await verifyOtp(t.app, freshPhoneNumber(), '123456');
    expect(res.json()).not.toMatchObject({ code: 'MISSING_RESPONSE' });
  });
});
