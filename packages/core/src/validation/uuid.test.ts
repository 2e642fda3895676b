import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uuidSchema } from '../api/schemas/common';
import { isUuid } from './uuid';

const schema = uuidSchema('id');
const agrees = (value: string) => isUuid(value) === schema.safeParse(value).success;

describe('isUuid', () => {
  it('accepts what the API accepts', () => {
    expect(isUuid('8f14e45f-ceea-467f-a8f1-4f5e5c6a3b2d')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid('8F14E45F-CEEA-767F-A8F1-4F5E5C6A3B2D')).toBe(true);
  });

  it('refuses what the API refuses', () => {
    for (const bad of [
      '',
      'site-1',
      '8f14e45f-ceea-967f-a8f1-4f5e5c6a3b2d',
      '8f14e45f-ceea-467f-c8f1-4f5e5c6a3b2d',
      ' 8f14e45f-ceea-467f-a8f1-4f5e5c6a3b2d',
      '8f14e45fceea467fa8f14f5e5c6a3b2d',
    ]) {
      expect(isUuid(bad)).toBe(false);
    }
  });

  it('answers as uuidSchema does for any UUID-like or other text', () => {
    fc.assert(fc.property(fc.uuid(), agrees));
    fc.assert(fc.property(fc.stringMatching(/^[0-9a-fA-F-]{30,40}$/), agrees), { numRuns: 500 });
    fc.assert(fc.property(fc.string(), agrees));
  });
});
