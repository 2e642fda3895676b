import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp } from './support/app';
import { productionEnv, stagingEnv } from './support/config';
import { openTestDatabase } from './support/database';

const METRICS_TOKEN = 'metrics-token-for-the-operators-0123456789';

/** The OpenAPI document, its UI page and one of the UI's files. */
const DOCS_URLS = ['/api/docs/json', '/api/docs', '/api/docs/static/swagger-initializer.js'];

/** What only the document or its UI holds. */
function expectNoDocs(body: string): void {
  expect(body).not.toContain('/api/getAuthConfig');
  expect(body).not.toContain('"openapi"');
  expect(body).not.toContain('SwaggerUI');
}

/** A production server as configured by `env`; Redis on a port nothing listens on (limits in process). */
const productionWith = (env: Record<string, string>) => ({
  ...loadConfig({ ...productionEnv, REDIS_URL: 'redis://127.0.0.1:1', ...env }),
  logLevel: 'silent',
});

describe('who reads /api/docs, by default', () => {
  it.each([
    ['development', true, { APP_ENV: 'development' }],
    ['test', true, { APP_ENV: 'test' }],
    ['staging', false, stagingEnv],
    ['production', false, productionEnv],
  ])('in %s, public: %s', (_environment, isPublic, env) => {
    expect(loadConfig(env).apiDocsPublic).toBe(isPublic);
  });

  it('follows API_DOCS_PUBLIC wherever it is set', () => {
    expect(loadConfig({ ...productionEnv, API_DOCS_PUBLIC: 'true' }).apiDocsPublic).toBe(true);
    expect(loadConfig({ APP_ENV: 'development', API_DOCS_PUBLIC: 'false' }).apiDocsPublic).toBe(false);
    expect(() => loadConfig({ API_DOCS_PUBLIC: 'yes' })).toThrow(/API_DOCS_PUBLIC/);
  });
});

describe('/api/docs in production', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let withoutToken: FastifyInstance;
  let withToken: FastifyInstance;
  let madePublic: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    withoutToken = await buildTestApp(database, productionWith({}));
    withToken = await buildTestApp(database, productionWith({ METRICS_TOKEN }));
    madePublic = await buildTestApp(database, productionWith({ API_DOCS_PUBLIC: 'true' }));
  });
  afterAll(async () => {
    await Promise.all([withoutToken, withToken, madePublic].map((app) => app?.close()));
    await database?.close();
  });

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it.each(DOCS_URLS)('do not exist without METRICS_TOKEN: %s is a 404, whatever is sent', async (url) => {
    const res = await get(withoutToken, url, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expectNoDocs(res.body);
  });

  it.each(
    DOCS_URLS.flatMap((url) => [
      [url, 'no token', {}],
      [url, 'a wrong token', { authorization: `Bearer ${METRICS_TOKEN}x` }],
      [url, 'the token without Bearer', { authorization: METRICS_TOKEN }],
    ]),
  )('with METRICS_TOKEN, answer %s with %s by a 401 and nothing else', async (url, _case, headers) => {
    const res = await get(withToken, url, headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expectNoDocs(res.body);
  });

  it('with METRICS_TOKEN, serve the document and its UI to the token', async () => {
    const authorization = `Bearer ${METRICS_TOKEN}`;
    const doc = await get(withToken, '/api/docs/json', { authorization });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys((doc.json() as { paths: Record<string, unknown> }).paths)).toContain(
      '/api/getAuthConfig',
    );
    const page = await get(withToken, '/api/docs', { authorization });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = await get(withToken, '/api/docs/static/swagger-initializer.js', { authorization });
    expect(script.body).toContain('SwaggerUI');
  });

  it('with API_DOCS_PUBLIC=true, serve them to everyone', async () => {
    const doc = await get(madePublic, '/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(Object.keys((doc.json() as { paths: Record<string, unknown> }).paths)).toContain(
      '/api/getAuthConfig',
    );
    expect((await get(madePublic, '/api/docs')).statusCode).toBe(200);
  });

  it('leave the rest of the API as it was', async () => {
    for (const app of [withoutToken, withToken]) {
      expect((await get(app, '/api/healthz')).statusCode).toBe(200);
      expect((await get(app, '/api/getAuthConfig')).statusCode).toBe(200);
    }
  });
});
