import { endpoints, successSchema } from '@stillpoint/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFromZod, responseSerializerCompiler } from '../src/http/response-serializer';

const site = z.object({
  id: z.string(),
  budget: z.number().int(),
  sessions: z.array(z.object({ id: z.string(), length: z.number() })),
  note: z.string().nullable(),
  owner: z.union([z.object({ kind: z.literal('person'), name: z.string() }), z.null()]),
});

const withExtras = {
  id: 'a"b\\c',
  budget: 5,
  secret: 'must not leave',
  sessions: [{ id: 's1', length: 1.5, token: 'must not leave either' }],
  note: null,
  owner: { kind: 'person', name: 'Ada', email: 'ada@example.com' },
};

describe('compiled response serializers', () => {
  it('compiles every endpoint of the registry, so none falls back to zod on the hot path', () => {
    const fallingBack = Object.entries(endpoints)
      .filter(([, endpoint]) => compileFromZod(successSchema(endpoint.response)) === null)
      .map(([name]) => name);
    expect(fallingBack).toEqual([]);
  });

  it("writes only the schema's keys, at every depth, as zod's strip did", () => {
    const serialize = compileFromZod(site);
    const written = serialize?.(withExtras) ?? '';
    expect(written).not.toContain('must not leave');
    expect(written).not.toContain('ada@example.com');
    expect(JSON.parse(written)).toEqual(site.parse(withExtras));
    expect(written).toBe(JSON.stringify(site.parse(withExtras)));
  });

  it('keeps zod for what JSON Schema cannot state', () => {
    const withDate = z.object({ at: z.date() });
    expect(compileFromZod(withDate)).toBeNull();
    const serialize = responseSerializerCompiler()({ schema: withDate, method: 'GET', url: '/x' });
    expect(serialize({ at: new Date(0), extra: 1 })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('in tests, refuses an answer its zod schema refuses', () => {
    const checked = responseSerializerCompiler({ checkAgainstZod: true })({
      schema: site,
      method: 'GET',
      url: '/x',
    });
    expect(checked(withExtras)).toBe(JSON.stringify(site.parse(withExtras)));
    expect(() => checked({ ...withExtras, budget: 1.5 })).toThrow();
    expect(() => checked({ ...withExtras, note: 7 })).toThrow();
  });

  it('answers through Fastify with the compiled serializer, extra keys dropped', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler());
    app.get('/site', { schema: { response: { 200: successSchema(site) } } }, async () => ({
      success: true,
      data: withExtras,
      debug: 'internal',
    }));
    const response = await app.inject({ method: 'GET', url: '/site' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(JSON.stringify({ success: true, data: site.parse(withExtras) }));
    await app.close();
  });
});
