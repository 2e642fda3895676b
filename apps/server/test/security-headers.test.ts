import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/http/content-security-policy';
import { registerSecurityHeaders } from '../src/http/security-headers';
import { testConfig } from './support/app';

const options = { contentSecurityPolicy: { directives: contentSecurityPolicy(testConfig()) } };
const pagePolicy = { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc'"] } };

function withRoutes(app: FastifyInstance): FastifyInstance {
  app.get('/api/x', async () => ({ ok: true }));
  app.get('/page', async (_request, reply) => {
    reply.helmet({ contentSecurityPolicy: pagePolicy });
    return 'page';
  });
  return app;
}

const headersOf = async (app: FastifyInstance, url: string) => {
  const { headers } = await app.inject({ method: 'GET', url });
  const { date: _date, 'content-length': _length, ...rest } = headers;
  return rest;
};

describe('security headers computed once', () => {
  it("sets exactly what @fastify/helmet set, a page's own policy included", async () => {
    const before = Fastify();
    await before.register(fastifyHelmet, options);
    const after = Fastify();
    registerSecurityHeaders(after, options);
    for (const app of [before, after]) withRoutes(app);
    const apiHeaders = await headersOf(after, '/api/x');
    expect(apiHeaders['content-security-policy']).toContain("default-src 'self'");
    expect(apiHeaders['strict-transport-security']).toContain('max-age=');
    expect(apiHeaders['x-content-type-options']).toBe('nosniff');
    expect(apiHeaders).toEqual(await headersOf(before, '/api/x'));
    const pageHeaders = await headersOf(after, '/page');
    expect(pageHeaders['content-security-policy']).toContain("'sha256-abc'");
    expect(pageHeaders).toEqual(await headersOf(before, '/page'));
    await Promise.all([before.close(), after.close()]);
  });
});
