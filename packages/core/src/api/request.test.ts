import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope';
import { endpoints } from './index';
import { apiRequest, readApiResponse } from './request';

const json = (status: number, body: unknown) => ({ status, json: async () => body });

describe('apiRequest', () => {
  it('puts GET input in the query, leaving out absent values and repeating lists', () => {
    const request = apiRequest(
      { ...endpoints.getQuotes, method: 'GET' },
      { a: 1, b: undefined, c: null, d: ['x', 'y z'] },
      { platform: 'WebApp' },
    );
    expect(request.path).toBe('/api/getQuotes?a=1&d=x&d=y%20z');
    expect(request.body).toBeUndefined();
  });

  it('sends an idempotency key in the Idempotency-Key header, and no such header without one', () => {
    const withKey = apiRequest(
      endpoints.sendFeedback,
      { content: 'hi', location: 'home' },
      { platform: 'WebApp', idempotencyKey: 'press-1' },
    );
    expect(withKey.headers['Idempotency-Key']).toBe('press-1');
    const withoutKey = apiRequest(
      endpoints.sendFeedback,
      { content: 'hi', location: 'home' },
      { platform: 'WebApp' },
    );
    expect(Object.keys(withoutKey.headers)).not.toContain('Idempotency-Key');
  });

  it('marks the calls that create, pay or send as taking an idempotency key', () => {
    const idempotent = Object.entries(endpoints)
      .filter(([, endpoint]) => (endpoint as { idempotent?: true }).idempotent === true)
      .map(([name]) => name)
      .sort();
    expect(idempotent).toEqual([
      'adminGrantPremium',
      'adminRefundGiftPurchase',
      'adminRefundPayment',
      'adminResendGiftEmail',
      'createStripeCheckoutSessionForGift',
      'createStripeCheckoutSessionForSubscription',
      'joinNewsletter',
      'requestPurchaseRestore',
      'sendFeedback',
      'sendUninstallFeedback',
      'startFreeTrial',
    ]);
  });

  it('sends SPEC §7 headers, the token when signed in, and JSON for a POST body', () => {
    const request = apiRequest(
      endpoints.addBrowserSite,
      { siteOrigin: 'x.com', budget: 3 },
      {
        platform: 'Extension',
        token: 'tok',
      },
    );
    expect(request).toEqual({
      path: '/api/addBrowserSite',
      method: 'POST',
      headers: {
        'Accept-Version': '1.4.0',
        'X-App-Platform': 'Extension',
        Accept: 'application/json',
        Authorization: 'Bearer tok',
        'Content-Type': 'application/json',
      },
      body: '{"siteOrigin":"x.com","budget":3}',
    });
  });

  it('sends no Authorization when signed out', () => {
    expect(
      apiRequest(endpoints.getQuotes, undefined, { platform: 'WebApp', token: null }).headers,
    ).not.toHaveProperty('Authorization');
  });
});

describe('readApiResponse', () => {
  it("returns the envelope's data when it matches the schema", async () => {
    expect(
      await readApiResponse(
        endpoints.getUser,
        json(200, { success: true, data: { uid: 'u', phoneNumber: null, email: null } }),
      ),
    ).toEqual({
      uid: 'u',
      phoneNumber: null,
      email: null,
    });
  });

  it("throws the server's error text with its code and status", async () => {
    await expect(
      readApiResponse(endpoints.getUser, json(409, { success: false, code: 'CONFLICT', error: 'Taken.' })),
    ).rejects.toEqual(new ApiError('Taken.', 'CONFLICT', 409));
  });

  it('throws MALFORMED_RESPONSE for data off the schema or a body that is no JSON', async () => {
    await expect(
      readApiResponse(endpoints.getUser, json(200, { success: true, data: { uid: 5 } })),
    ).rejects.toMatchObject({
      code: 'MALFORMED_RESPONSE',
    });
    const notJson = { status: 502, json: async () => JSON.parse('<html>') };
    await expect(readApiResponse(endpoints.getUser, notJson)).rejects.toMatchObject({
      code: 'MALFORMED_RESPONSE',
      status: 502,
    });
  });
});
