import {
  bodyLimitOf,
  DEFAULT_BODY_LIMIT_BYTES,
  type Endpoint,
  type EndpointName,
  endpoints,
  TRACKING_PROPERTIES_MAX_KEYS,
  TRACKING_PROPERTY_TEXT_MAX_LENGTH,
} from '@stillpoint/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { withAdmins } from './support/admin';
import { call, failureOf, type Person } from './support/api';
import { createTestApp, type TestApp } from './support/app';
import { bearer, randomIp } from './support/auth';

const NUL = '\u0000';
const LONE_SURROGATE = '\uD800';

const TOO_LARGE = {
  status: 413,
  success: false,
  code: 'PAYLOAD_TOO_LARGE',
  error: 'The request body is too large for this call.',
};

// Text no database column or log can hold is refused by the pipeline every endpoint shares, and
// every body is read only up to its endpoint's own limit.
describe('request limits', () => {
  let t: TestApp;
  let person: Person;
  // Admin calls are checked as an admin: a non-admin is refused (403) before the body is read.
  const admins = withAdmins();
  beforeAll(async () => {
    t = await createTestApp(admins.config);
    person = await admins.makeAdmin(t.app);
  });
  afterAll(() => t.close());

  const registered = (endpoint: Endpoint) =>
    t.app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` });
  const tokenFor = (endpoint: Endpoint) => (endpoint.auth === 'public' ? undefined : person.token);

  const expectRefusedField = (res: LightMyRequestResponse, field: string, what: RegExp) => {
    const failure = failureOf(res);
    expect(failure, res.body).toMatchObject({ status: 400, success: false, code: 'BAD_REQUEST' });
    expect(failure.error).toContain(field);
    expect(failure.error).toMatch(what);
  };

  describe.each([
    ['NUL', NUL, /NUL character/],
    ['a lone surrogate', LONE_SURROGATE, /unpaired UTF-16 surrogate/],
  ] as const)('text with %s', (_name, bad, what) => {
    it('is refused in feedback, naming the field', async () => {
      const res = await call(t.app, 'sendFeedback', { content: `Lovely${bad}app`, location: 'home' });
      expectRefusedField(res, 'Invalid body: content cannot contain', what);
    });

    it("is refused in an analytics event's name and in its property values", async () => {
      expectRefusedField(
        await call(t.app, 'trackAnalyticsEvent', { name: `page${bad}view`, properties: {} }),
        'Invalid body: name cannot contain',
        what,
      );
      expectRefusedField(
        await call(t.app, 'trackAnalyticsEvent', {
          name: 'page_view',
          properties: { path: '/home', plan: `pro${bad}` },
        }),
        'Invalid body: properties.plan cannot contain',
        what,
      );
    });

    it('is refused in a property name', async () => {
      const res = await call(t.app, 'trackAnalyticsEvent', {
        name: 'page_view',
        properties: { [`pl${bad}an`]: 'pro' },
      });
      expectRefusedField(res, 'Invalid body: properties: property names cannot contain', what);
    });

    it("is refused in a site's origin", async () => {
      const res = await call(
        t.app,
        'addBrowserSite',
        { siteOrigin: `youtube${bad}.com`, budget: 3 },
        { token: person.token },
      );
      expectRefusedField(res, 'Invalid body: siteOrigin cannot contain', what);
    });
  });

  it('refuses NUL in a query string value, naming the parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/getInsights?userDay=12%00',
      headers: bearer(person.token),
      remoteAddress: randomIp(),
    });
    expectRefusedField(res, 'Invalid query: userDay cannot contain', /NUL character/);
  });

  it('cannot receive a lone surrogate through a query string: its encoded half stays undecoded text', async () => {
    // A URL carries UTF-8 only, and the UTF-8 spelling of half a surrogate pair is not valid UTF-8,
    // so the parser keeps it as the literal characters; the parameter's own rule then refuses it.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/getInsights?userDay=12%ED%A0%80',
      headers: bearer(person.token),
      remoteAddress: randomIp(),
    });
    expect(failureOf(res)).toMatchObject({
      status: 400,
      error: 'Invalid query: userDay must be a whole number.',
    });
  });

  describe('every endpoint with a body', () => {
    const withBody = (Object.entries(endpoints) as [EndpointName, Endpoint][]).flatMap(([name, endpoint]) =>
      endpoint.body ? [[name, endpoint, endpoint.body] as const] : [],
    );

    it('has bodies to check', () => {
      expect(withBody.map(([name]) => name)).toEqual(
        expect.arrayContaining(['sendFeedback', 'trackAnalyticsEvent', 'reportMobileUsage']),
      );
    });

    it('answers 400 naming the field, never 5xx, for NUL in any top-level text field', async () => {
      let checked = 0;
      for (const [name, endpoint, body] of withBody) {
        if (!registered(endpoint)) continue;
        for (const field of topLevelTextFields(body)) {
          const res = await call(t.app, name, { [field]: `a${NUL}b` }, { token: tokenFor(endpoint) });
          expect(res.statusCode, `${name}.${field}: ${res.body}`).toBe(400);
          expect(failureOf(res).error, `${name}.${field}`).toBe(
            `Invalid body: ${field} cannot contain the NUL character (U+0000).`,
          );
          checked += 1;
        }
      }
      // The walk finds the text fields: feedback's content and location, a site's origin, and more.
      expect(checked).toBeGreaterThan(20);
    });

    it("answers 413 in the envelope for a body one byte over the endpoint's limit, and reads one at it", async () => {
      for (const [name, endpoint] of withBody) {
        if (!registered(endpoint)) continue;
        const limit = bodyLimitOf(endpoint);
        const send = (bytes: number) =>
          t.app.inject({
            method: endpoint.method,
            url: `/api${endpoint.path}`,
            headers: {
              ...(endpoint.auth === 'public' ? {} : bearer(person.token)),
              'content-type': 'application/json',
            },
            payload: jsonOfLength(bytes),
            remoteAddress: randomIp(),
          });
        const over = await send(limit + 1);
        expect(failureOf(over), name).toEqual(TOO_LARGE);
        // At the limit the body is read and judged on its contents (its padding is no known field).
        const at = await send(limit);
        expect(at.statusCode, `${name}: ${at.body}`).toBe(400);
      }
    });
  });

  it('gives most calls the default limit and the batch calls more', () => {
    expect(bodyLimitOf(endpoints.trackAnalyticsEvent)).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitOf(endpoints.addBrowserSite)).toBe(DEFAULT_BODY_LIMIT_BYTES);
    for (const batch of [endpoints.reportMobileUsage, endpoints.importLegacyExtensionData]) {
      expect(bodyLimitOf(batch)).toBeGreaterThanOrEqual(256 * 1024);
    }
  });

  it('refuses a large anonymous analytics event before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trackAnalyticsEvent',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'page_view', properties: { blob: 'x'.repeat(245 * 1024) } }),
      remoteAddress: randomIp(),
    });
    expect(failureOf(res)).toEqual(TOO_LARGE);
  });

  it('still asks for a session before judging an oversized body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/addBrowserSite',
      headers: { 'content-type': 'application/json' },
      payload: jsonOfLength(DEFAULT_BODY_LIMIT_BYTES * 2),
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps answering 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trackAnalyticsEvent',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "page_view",',
      remoteAddress: randomIp(),
    });
    expect(failureOf(res)).toEqual({
      status: 400,
      success: false,
      code: 'BAD_REQUEST',
      error: 'The request body is not valid JSON.',
    });
  });

  describe('analytics properties', () => {
    const track = (properties: unknown) =>
      call(t.app, 'trackAnalyticsEvent', { name: 'page_view', properties });
    const propertiesWith = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`key${index}`, index]));

    it(`take up to ${TRACKING_PROPERTIES_MAX_KEYS} names`, async () => {
      expect((await track(propertiesWith(TRACKING_PROPERTIES_MAX_KEYS))).statusCode).toBe(200);
      expect(failureOf(await track(propertiesWith(TRACKING_PROPERTIES_MAX_KEYS + 1)))).toMatchObject({
        status: 400,
        error: `Invalid body: properties can have at most ${TRACKING_PROPERTIES_MAX_KEYS} names.`,
      });
    });

    it(`take text values up to ${TRACKING_PROPERTY_TEXT_MAX_LENGTH} characters`, async () => {
      const at = 'x'.repeat(TRACKING_PROPERTY_TEXT_MAX_LENGTH);
      expect((await track({ note: at })).statusCode).toBe(200);
      expect(failureOf(await track({ note: `${at}x` }))).toMatchObject({
        status: 400,
        error: `Invalid body: properties.note: property values can be at most ${TRACKING_PROPERTY_TEXT_MAX_LENGTH} characters.`,
      });
    });

    it('stay flat: a nested object or list is refused, naming the property', async () => {
      for (const nested of [{ a: { b: { c: 'deep' } } }, { a: ['x', 'y'] }]) {
        const failure = failureOf(await track(nested));
        expect(failure.status).toBe(400);
        expect(failure.error).toContain('properties.a');
      }
    });

    it("bound an ad event's properties the same way", async () => {
      const res = await call(t.app, 'trackTikTokEvent', {
        event: 'CompletePayment',
        eventId: 'evt-request-limits',
        properties: propertiesWith(TRACKING_PROPERTIES_MAX_KEYS + 1),
        eventTime: 1_800_000_000,
        pixelCode: 'PIXEL123',
      });
      expect(failureOf(res).error).toContain(`at most ${TRACKING_PROPERTIES_MAX_KEYS} names`);
    });
  });
});

/** A JSON object of exactly `bytes` bytes: one padding property the schemas do not know. */
function jsonOfLength(bytes: number): string {
  const frame = JSON.stringify({ padding: '' }).length;
  return JSON.stringify({ padding: 'x'.repeat(bytes - frame) });
}

/** The top-level fields of a body schema that take text, found by walking its zod shape. */
function topLevelTextFields(schema: z.core.$ZodType): string[] {
  const object = unwrap(schema);
  if (object._zod.def.type !== 'object') return [];
  const shape = (object as unknown as z.ZodObject).shape;
  return Object.entries(shape)
    .filter(([, field]) => unwrap(field as z.core.$ZodType)._zod.def.type === 'string')
    .map(([name]) => name);
}

/** The schema under optional, nullable, default and pipe wrappers (refinements keep their type). */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}
