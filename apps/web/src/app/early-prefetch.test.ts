import { localUserDay } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '../lib/auth/session';
import { queryKeys } from '../lib/query-keys';
import { installFakeServer, TEST_USER } from '../test/fake-server';
import { subscriptionState } from '../test/subscriptions';
import { prefetchFirstPage } from './early-prefetch';
import { createQueryClient } from './query-client';

const SYNCED_SESSION_KEY = 'stillpoint.syncedSession';
const session: AuthSession = { id: 'session-1', user: TEST_USER };

/** A session check that answers when the test says. */
function heldSession() {
  let answer!: (session: AuthSession | null) => void;
  const promise = new Promise<AuthSession | null>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('the first page, started as the code starts', () => {
  it("asks for home's data (the phone card's too) and the subscription before the session is known, and caches the subscription under the person", async () => {
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    localStorage.setItem(SYNCED_SESSION_KEY, session.id);
    const queryClient = createQueryClient();
    const check = heldSession();

    prefetchFirstPage(queryClient, check.promise, '/');

    // Before the session has answered: the page's calls and the subscription are on their way.
    await expect
      .poll(() => server.requests.map((r) => `${r.method} ${r.path}`).sort())
      .toEqual([
        'GET /api/fetchApps',
        'GET /api/getBrowserSiteSettings',
        'GET /api/getBrowserSitesWithActiveAndTodaysSessions',
        'GET /api/getInsights',
        'GET /api/getProfileWeb',
        'GET /api/getSubscriptionState',
        'GET /api/getSupportedApps',
      ]);
    expect(server.calls('GET /api/getProfileWeb')[0]?.search.get('userDay')).toBe(
      String(localUserDay(new Date())),
    );

    check.answer(session);
    const key = queryKeys.subscription(TEST_USER.uid);
    await expect.poll(() => queryClient.getQueryState(key)?.status).toBe('success');
    expect(queryClient.getQueryData(key)).toEqual(server.state.subscription);
    // One request for it: the cache took the early answer.
    expect(server.calls('GET /api/getSubscriptionState')).toHaveLength(1);
  });

  it("leaves a new sign-in's subscription to the layout, after its first sync", async () => {
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    const queryClient = createQueryClient();

    prefetchFirstPage(queryClient, Promise.resolve(session), '/');

    // Home's six calls go out one task after another; the early subscription call is the seventh.
    await expect.poll(() => server.requests.length).toBe(7);
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(queryClient.getQueryState(queryKeys.subscription(TEST_USER.uid))).toBeUndefined();
  });

  it('starts nothing for a page outside the signed-in layout', async () => {
    const server = installFakeServer({ signedIn: true });
    prefetchFirstPage(createQueryClient(), Promise.resolve(session), '/signin');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.requests).toEqual([]);
  });
});
