import { endpoints } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRateLimits } from '../src/http/rate-limit';
import { createTestApp, type TestApp } from './support/app';

/**
 * Anyone can call a public write, and each one stores something or sends something on. Walking the
 * registry and the registered routes means a new public write without a rate limit fails here
 * rather than ships.
 */
const routeOf = (endpoint: { method: string; path: string }) => `${endpoint.method} /api${endpoint.path}`;
const registry = Object.entries(endpoints);
const publicWrites = registry.filter(
  ([, endpoint]) => endpoint.auth === 'public' && endpoint.method !== 'GET',
);
const signedInCalls = new Set(
  registry.filter(([, endpoint]) => endpoint.auth !== 'public').map(([, endpoint]) => routeOf(endpoint)),
);

/** Writes outside the registry that are deliberately unlimited, and why. */
const unlimitedOnPurpose: { prefix: string; why: string }[] = [
  // Signed by the sender and checked before any work; a limit per address would drop real payment
  // events, which arrive in bursts from a few addresses.
  { prefix: 'POST /api/webhooks/', why: 'signature-checked webhooks' },
  // The development identity provider: never registered in production (config refuses it).
  { prefix: 'POST /api/dev-idp/', why: 'development only' },
  { prefix: 'OPTIONS /api/dev-idp/', why: 'development only' },
];

describe('public writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are in the registry', () => {
    expect(publicWrites.length).toBeGreaterThan(0);
  });

  it.each(publicWrites)('%s has a rate limit', (_name, endpoint) => {
    const limit = routeRateLimits(t.app).get(routeOf(endpoint));
    expect(limit, routeOf(endpoint)).toBeTruthy();
    expect(limit?.max).toBeGreaterThan(0);
  });

  it('outside the registry have one too, unless unlimited on purpose', () => {
    const unlimited = [...routeRateLimits(t.app)]
      .filter(([route, limit]) => !limit && !/^(GET|HEAD) /.test(route))
      .map(([route]) => route)
      .filter((route) => !signedInCalls.has(route))
      .filter((route) => !unlimitedOnPurpose.some(({ prefix }) => route.startsWith(prefix)));
    expect(unlimited).toEqual([]);
  });
});
