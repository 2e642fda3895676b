import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEndpoint } from '../../lib/api-registry';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';

vi.mock('../../lib/api-registry', async (original) => {
  const actual = await original<typeof import('../../lib/api-registry')>();
  return { ...actual, loadEndpoint: vi.fn(actual.loadEndpoint) };
});

const SYNCED_SESSION_KEY = 'stillpoint.syncedSession';
const syncSchemaLoads = () =>
  vi.mocked(loadEndpoint).mock.calls.filter(([name]) => name === 'syncCurrentUser').length;

beforeAll(() => preloadRoutes('/'));

describe("the signed-in layout's sign-in sync", () => {
  it("loads the sync's schemas while the session is checked for a sign-in that has not synced", async () => {
    installFakeServer({ signedIn: true });
    vi.mocked(loadEndpoint).mockClear();
    renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(syncSchemaLoads()).toBeGreaterThan(0);
  });

  it('leaves them out for a returning person, whose sign-in synced before, so home waits on two requests fewer', async () => {
    installFakeServer({ signedIn: true });
    localStorage.setItem(SYNCED_SESSION_KEY, 'session-1');
    vi.mocked(loadEndpoint).mockClear();
    renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(syncSchemaLoads()).toBe(0);
  });
});
