import { type Endpoint, endpoints } from '@stillpoint/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arbitraryFor, UnsupportedSchemaError } from './schema-arbitrary';

const inputSchemas = Object.entries(endpoints as Record<string, Endpoint>).flatMap(([name, endpoint]) =>
  [endpoint.query, endpoint.body].flatMap((schema) => (schema ? [[name, schema] as const] : [])),
);

describe('deriving fuzz input from a zod schema', () => {
  it.each(inputSchemas)('derives input for %s, some of which its schema accepts', (name, schema) => {
    const sample = fc.sample(arbitraryFor(schema, { where: name }), { numRuns: 100, seed: 42 });
    const accepted = sample.filter((value) => z.safeParse(schema, value).success).length;
    // Refinements across fields (a day matching a time, an outcome matching its answer) are not
    // derived, so some endpoints get fewer; none should get none of its input right.
    expect(accepted, `${name}: ${accepted} of 100 accepted`).toBeGreaterThan(0);
  });

  it('keeps to bounds, formats and required keys', () => {
    const schema = z.strictObject({
      id: z.uuid(),
      count: z.number().int().min(3).max(7),
      ratio: z.number().gt(0).lt(1),
      code: z.string().regex(/^[A-Z]{4}$/),
      name: z.string().trim().min(2).max(5),
      tags: z
        .array(z.enum(['a', 'b']))
        .min(1)
        .max(2),
      note: z.string().optional(),
      kind: z.literal('x').nullable(),
      extra: z.record(z.string().max(3), z.boolean()),
    });
    for (const value of fc.sample(arbitraryFor(schema, { where: 'a test schema' }), {
      numRuns: 200,
      seed: 7,
    })) {
      expect(schema.safeParse(value).error).toBeUndefined();
    }
  });

  it('merges the two sides of an intersection of objects', () => {
    const schema = z
      .object({ phoneNumber: z.string().min(1), code: z.string().regex(/^\d{6}$/) })
      .and(z.object({ flag: z.boolean().optional() }));
    for (const value of fc.sample(arbitraryFor(schema, { where: 'a test schema' }), {
      numRuns: 100,
      seed: 5,
    })) {
      expect(schema.safeParse(value).error).toBeUndefined();
    }
  });

  it('offers known values for a field by its name', () => {
    const schema = z.object({ siteId: z.uuid() });
    const known = fc.constant('00000000-0000-4000-8000-000000000001');
    const sample = fc.sample(
      arbitraryFor(schema, {
        where: 'a test schema',
        knownValues: (field) => (field === 'siteId' ? known : undefined),
      }),
      { numRuns: 100, seed: 3 },
    );
    expect(
      sample.some((value) => (value as { siteId: string }).siteId === '00000000-0000-4000-8000-000000000001'),
    ).toBe(true);
  });

  it('fails loudly on a kind it does not know, naming the endpoint, the field and the kind', () => {
    const schema = z.object({ when: z.date() });
    expect(() => arbitraryFor(schema, { where: 'someEndpoint body' })).toThrow(UnsupportedSchemaError);
    expect(() => arbitraryFor(schema, { where: 'someEndpoint body' })).toThrow(
      /someEndpoint body at when: zod kind "date" is not supported/,
    );
  });
});
