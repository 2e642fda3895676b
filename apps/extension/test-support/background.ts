import type { CustomSite, FeedblockingSettings, InterceptOutcomeReport } from '@stillpoint/core';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '../src/background-app';
import { extensionConfig } from '../src/config';
import { createFakeChrome, type FakeChrome, settle } from './fake-chrome';

/** The web app's origin in these tests: a development server on this machine. */
export const WEB_APP = 'http://127.0.0.1:4100';
export const USER = { uid: 'user-1', phoneNumber: '+15555550100', email: null };

export interface TestWorld {
  chrome: FakeChrome;
  /** The server's current answers; tests change them. */
  server: {
    sites: CustomSite[];
    settings: FeedblockingSettings | null;
    /** Every pause outcome the server received, in order (a repeat appears again). */
    reported: InterceptOutcomeReport[];
  };
  /** A service worker on the world's storage; `restart` gives a fresh one, as Chrome does. */
  app: ReturnType<typeof createBackground>;
  restart(): ReturnType<typeof createBackground>;
  signIn(): Promise<void>;
  send(message: unknown, origin?: string): ReturnType<ReturnType<typeof createBackground>['handleExternal']>;
  /** API calls made to `path` so far. */
  calls(path: string): number;
}

/**
 * A fake Chrome with the extension's worker running, and a fake Stillpoint server that hands out
 * a session for the exchange token 'good-token', serves `server.sites` and `server.settings`, and
 * accepts every report of pause outcomes.
 */
export function createWorld(appEnv: 'development' | 'production' = 'development'): TestWorld {
  fakeBrowser.reset();
  const chrome = createFakeChrome();
  const server: TestWorld['server'] = { sites: [], settings: null, reported: [] };
  chrome.server.on('/api/exchangeExtensionToken', ({ body }) =>
    (body as { token?: string }).token === 'good-token'
      ? { json: { success: true, data: { sessionToken: 'session-1', user: USER } } }
      : {
          status: 401,
          json: {
            success: false,
            code: 'UNAUTHENTICATED',
            error:
              'This sign-in link for the extension has expired or was already used. Open Stillpoint and try again.',
          },
        },
  );
  chrome.server.ok('/api/getBrowserSitesWithActiveAndTodaysSessions', () => server.sites);
  chrome.server.ok('/api/getBrowserSiteSettings', () => server.settings);
  chrome.server.on('/api/reportInterceptOutcomes', ({ body }) => {
    const { outcomes } = body as { outcomes: InterceptOutcomeReport[] };
    server.reported.push(...outcomes);
    return { json: { success: true, data: { ok: true, recorded: outcomes.length, duplicates: 0 } } };
  });

  const world: TestWorld = {
    chrome,
    server,
    app: createBackground(chrome.platform, extensionConfig(appEnv)),
    restart() {
      chrome.clock.dropTimers();
      world.app = createBackground(chrome.platform, extensionConfig(appEnv));
      return world.app;
    },
    async signIn() {
      const reply = await world.send({ type: 'USER_ACCESS_TOKEN_EXCHANGE', token: 'good-token' });
      if (reply.status !== 'success') throw new Error(`sign-in failed: ${JSON.stringify(reply)}`);
      await world.app.sync.refresh();
      await settle();
    },
    send: (message, origin = WEB_APP) => world.app.handleExternal(message, { origin, url: `${origin}/` }),
    calls: (path) => chrome.server.requests.filter((request) => request.url.pathname === path).length,
  };
  return world;
}
