import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './support/app';

const OUTBOX_KEY = 'outbox-key-for-staging-testers-0123456789';

describe('the development outbox routes', () => {
  describe('in production', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Config refuses DEV_OUTBOX in production; even an outbox forced on must not be reachable.
      const { auth } = loadConfig({ APP_ENV: 'test' });
      t = await createTestApp({
        appEnv: 'production',
        isProduction: true,
        auth: { ...auth, devOutbox: true },
      });
    });
    afterAll(() => t.close());

    it('do not exist: /api/dev/outbox is a 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('with DEV_OUTBOX_KEY (as on staging)', () => {
    let t: TestApp;
    beforeAll(async () => {
      const { auth } = loadConfig({ APP_ENV: 'test', DEV_OUTBOX_KEY: OUTBOX_KEY });
      t = await createTestApp({ appEnv: 'staging', auth });
    });
    afterAll(() => t.close());

    const outbox = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers });

    it.each([
      ['no key', {}],
      ['a wrong key', { authorization: `Bearer ${OUTBOX_KEY}x` }],
      ['a wrong x-outbox-key', { 'x-outbox-key': 'nope' }],
    ])('answer 401 to %s', async (_what, headers) => {
      const res = await outbox(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('needs its key') });
    });

    it.each([
      ['Authorization: Bearer', { authorization: `Bearer ${OUTBOX_KEY}` }],
      ['x-outbox-key', { 'x-outbox-key': OUTBOX_KEY }],
    ])('list the messages to the key in %s', async (_where, headers) => {
      const res = await outbox(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { messages: [] } });
    });
  });

  describe('in development and test, with no key configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('stay open, as every local tool expects', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(200);
    });
  });
});
