import { DEFAULT_FEEDBLOCKING_SETTINGS, type LegacyData } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDashboardServer, makeSite } from '../../test/dashboard-server';
import { installFakeExtension } from '../../test/fake-extension';
import { TEST_USER } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { LegacyDataImport } from './legacy-data-import';

const IMPORT = 'POST /api/importLegacyExtensionData';
const NOTHING: LegacyData = { customSites: [], feedblockingSites: {} };

/** An extension signed in as the test user that kept `legacy` from before accounts until told to clear it. */
function extensionHolding(legacy: LegacyData) {
  let kept = legacy;
  const extension = installFakeExtension((message) => {
    switch (message.type) {
      case 'PULSE_CHECK':
        return { status: 'success', version: '1.0.0', signedIn: true, userId: TEST_USER.uid };
      case 'GET_LEGACY_DATA':
        return { status: 'success', ...kept };
      case 'CLEAR_LEGACY_DATA':
        kept = NOTHING;
        return { status: 'success' };
      default:
        return { status: 'success' };
    }
  });
  return {
    ...extension,
    kept: () => kept,
    sent: (type: string) =>
      extension.received.filter((entry) => (entry.message as { type: string }).type === type),
    types: () => extension.received.map((entry) => (entry.message as { type: string }).type),
  };
}

const legacy: LegacyData = {
  customSites: [
    { siteOrigin: 'https://www.youtube.com', budget: 2 },
    { siteOrigin: 'https://reddit.com', budget: 4 },
  ],
  feedblockingSites: { youtubeFeedblocking: false },
};

const siteHeading = (host: string) =>
  screen.findByRole('heading', { level: 4, name: host }, { timeout: 5000 });

// The signed-in pages load on first render; loaded once up front so a busy machine stays within time.
beforeAll(() => preloadRoutes('/', '/subscription'));

describe('importing what the extension kept from before accounts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('moves it into the account, has the extension forget it, and shows it at once', async () => {
    const server = installDashboardServer({
      sites: [makeSite({ siteOrigin: 'https://youtube.com', budget: 5 })],
      settings: null,
    });
    const extension = extensionHolding(legacy);
    renderRoute('/');

    expect(await siteHeading('reddit.com')).toBeInTheDocument();
    expect(server.calls(IMPORT).map((request) => request.body)).toEqual([legacy]);
    expect(server.state.sites.map(({ siteOrigin, budget }) => ({ siteOrigin, budget }))).toEqual([
      { siteOrigin: 'https://youtube.com', budget: 5 },
      { siteOrigin: 'https://reddit.com', budget: 4 },
    ]);
    expect(server.state.settings).toEqual({ ...DEFAULT_FEEDBLOCKING_SETTINGS, youtubeFeedblocking: false });
    await waitFor(() => expect(extension.sent('CLEAR_BROWSER_SITES_CACHE')).not.toHaveLength(0));
    expect(extension.kept()).toEqual(NOTHING);
    const types = extension.types();
    expect(types.indexOf('CLEAR_LEGACY_DATA')).toBeGreaterThan(types.indexOf('GET_LEGACY_DATA'));
    expect(types.lastIndexOf('CLEAR_BROWSER_SITES_CACHE')).toBeGreaterThan(
      types.indexOf('CLEAR_LEGACY_DATA'),
    );
  });

  it('asks once per page load, however often React renders it and wherever the person goes', async () => {
    const server = installDashboardServer();
    const extension = extensionHolding(legacy);
    const { router } = renderRoute('/');
    await siteHeading('reddit.com');
    await router.navigate('/subscription');
    await router.navigate('/');
    await siteHeading('reddit.com');

    renderRoute('/', [
      {
        path: '/',
        element: (
          <StrictMode>
            <LegacyDataImport />
            <LegacyDataImport />
          </StrictMode>
        ),
      },
    ]);
    // The second app is a second page load: it asks once more, and finds nothing left.
    await waitFor(() => expect(extension.sent('GET_LEGACY_DATA')).toHaveLength(2));
    expect(server.calls(IMPORT)).toHaveLength(1);
  });

  it('makes no call when the extension kept nothing, is missing, or answers in another shape', async () => {
    const server = installDashboardServer();
    const empty = extensionHolding(NOTHING);
    const first = renderRoute('/');
    await waitFor(() => expect(empty.sent('GET_LEGACY_DATA')).toHaveLength(1));
    first.unmount();

    installFakeExtension(() => undefined, { installed: false });
    const second = renderRoute('/');
    await within(second.container).findByRole('heading', { level: 1 }, { timeout: 5000 });
    second.unmount();

    const odd = installFakeExtension(() => ({ status: 'success' }));
    renderRoute('/');
    await waitFor(() =>
      expect(odd.received.map((entry) => (entry.message as { type: string }).type)).toContain(
        'GET_LEGACY_DATA',
      ),
    );
    expect(server.calls(IMPORT)).toHaveLength(0);
  });

  it('keeps quiet when the import fails, keeps the data, and tries again on the next load', async () => {
    const server = installDashboardServer();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.route(IMPORT, () => ({
      status: 500,
      body: { success: false, code: 'INTERNAL', error: 'Something broke, sorry' },
    }));
    const extension = extensionHolding(legacy);
    const first = renderRoute('/');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(extension.sent('CLEAR_LEGACY_DATA')).toHaveLength(0);
    expect(extension.kept()).toEqual(legacy);
    expect(screen.queryByText('Something broke, sorry')).not.toBeInTheDocument();
    first.unmount();

    installDashboardServer();
    renderRoute('/');
    expect(await siteHeading('www.youtube.com')).toBeInTheDocument();
    await waitFor(() => expect(extension.kept()).toEqual(NOTHING));
  });
});
