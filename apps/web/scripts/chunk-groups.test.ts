import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointGroups } from '../src/lib/api-registry';
import { CHUNK_GROUPS, HOME_CALL_GROUPS } from './chunk-groups';

const repo = path.resolve(__dirname, '../../..');
const schemaFile = (group: string) =>
  path.join(
    repo,
    'packages/core/src/api/schemas',
    `${group.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`,
  );

/** The file a module goes to: the highest-priority group whose test matches it, if any. */
const fileOf = (id: string) =>
  [...CHUNK_GROUPS]
    .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0))
    .find(({ test }) => test instanceof RegExp && test.test(id))?.name;

// The calls home makes as it opens (features/home/home-prefetch.ts; app/early-prefetch.test.ts).
const HOME_FIRST_CALLS = [
  'getProfileWeb',
  'getBrowserSitesWithActiveAndTodaysSessions',
  'getBrowserSiteSettings',
  'getInsights',
  'fetchApps',
  'getSupportedApps',
] as const;

describe('the files the build groups modules into', () => {
  it('puts the schemas of every call home makes as it opens into one file, and only those', () => {
    const groups = new Set(HOME_FIRST_CALLS.map((name) => endpointGroups[name]));
    expect([...groups].sort()).toEqual([...HOME_CALL_GROUPS].sort());
    for (const group of groups) {
      expect(existsSync(schemaFile(group)), schemaFile(group)).toBe(true);
      expect(fileOf(schemaFile(group)), group).toBe('home-calls');
    }
    // Another page's schemas stay in their own file, loaded only with that page's calls.
    expect(fileOf(schemaFile('auth'))).toBeUndefined();
    expect(fileOf(schemaFile('payments'))).toBeUndefined();
  });

  it('keeps zod and the endpoint shape in a file of their own, which every group of calls shares', () => {
    expect(fileOf(path.join(repo, 'node_modules/zod/v4/core/core.js'))).toBe('endpoint');
    expect(fileOf(path.join(repo, 'packages/core/src/api/endpoint.ts'))).toBe('endpoint');
  });
});
