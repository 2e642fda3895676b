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
