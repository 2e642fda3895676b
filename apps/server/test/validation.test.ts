import { endpoints } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { AppError } from '../src/errors';
import { registerEndpoint } from '../src/http/endpoint';
import { bearer, signInByPhone, TEST_NUMBER } from './support/auth';
import { openTestDatabase } from './support/database';

// The request pipeline every endpoint shares, exercised through real core definitions. The
// handlers answer from the validated input, so what a test sees is what the pipeline let through.
describe('the request pipeline', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  // The endpoints below are `auth: 'user'`; a signed-in caller gets as far as validation.
  let auth: { authorization: string };
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ config: { ...loadConfig({ APP_ENV: 'test' }), webDistDir: null }, database });
    // The real calls are registered by buildApp; these copies at their own paths answer from the input.
    registerEndpoint(app, { ...endpoints.addBrowserSite, path: '/pipelineCheck' }, ({ body }) => {
      if (body.siteOrigin === 'https://taken.example')
        throw new AppError('CONFLICT', 'You already have that site.');
      if (body.siteOrigin === 'https://broken.example')
        throw new Error('relation "x" does not exist at 10.0.0.7');
      return {
        id: 'b6f1c2b8-5c1e-4f1e-9a55-3f1b2c9d0e11',
        siteOrigin: body.siteOrigin,
        budget: body.budget,
        active: true,
      };
    });
    registerEndpoint(
      app,
      { ...endpoints.getBrowserSitesWithActiveAndTodaysSessions, path: '/pipelineQueryCheck' },
      ({ query }) => {
        expect(typeof query.userDay).toBe('number');
        return [];
      },
    );
    await app.ready();
    auth = bearer(await signInByPhone(app, TEST_NUMBER));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (payload: string, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/api/pipelineCheck',
      payload,
      headers: { ...auth, 'content-type': contentType },
    });

  it('passes a valid body through, normalised by the core schema, inside the envelope', async () => {
    const res = await post(JSON.stringify({ siteOrigin: 'news.example.com/today', budget: 3 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { id: expect.any(String), siteOrigin: 'https://news.example.com', budget: 3, active: true },
    });
  });

  it.each([
    ['malformed JSON', '{"siteOrigin": "a.com", "budget":', 'The request body is not valid JSON.'],
    ['a budget of 0', JSON.stringify({ siteOrigin: 'a.com', budget: 0 }), 'budget'],
    ['a budget that is not a number', JSON.stringify({ siteOrigin: 'a.com', budget: 'three' }), 'budget'],
    ['a missing site', JSON.stringify({ budget: 3 }), 'siteOrigin'],
    ['an unknown field', JSON.stringify({ siteOrigin: 'a.com', budget: 3, admin: true }), 'admin'],
    ['an array', JSON.stringify([1, 2]), 'Invalid body'],
    ['a bare string', JSON.stringify('a.com'), 'Invalid body'],
  ])('answers %s with a readable 400', async (_case, payload, mention) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { success: boolean; code: string; error: string };
    expect(body.success).toBe(false);
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.error).toContain(mention);
    expect(body.error).not.toMatch(/FST_|zod|instancePath/i);
  });

  it('answers a body that is not JSON with a 400', async () => {
    const res = await post('siteOrigin=a.com', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      error: 'Send the request body as application/json.',
    });
  });

  it('answers an empty JSON body with a 400', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('coerces and validates query parameters', async () => {
    const good = await app.inject({
      method: 'GET',
      url: '/api/pipelineQueryCheck?userDay=20000',
      headers: auth,
    });
    expect(good.statusCode).toBe(200);
    for (const url of ['?userDay=soon', '?userDay=', '']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/pipelineQueryCheck${url}`,
        headers: auth,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'BAD_REQUEST',
        error: expect.stringContaining('userDay'),
      });
    }
  });

  it('maps a service error to its status with its readable message', async () => {
    const res = await post(JSON.stringify({ siteOrigin: 'taken.example', budget: 3 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'CONFLICT', error: 'You already have that site.' });
  });

  it('answers an unexpected failure with a 500 that carries no internals', async () => {
    const res = await post(JSON.stringify({ siteOrigin: 'broken.example', budget: 3 }));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      error: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('10.0.0.7');
  });
});
