import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDashboardServer, makeSite } from '../../../test/dashboard-server';
import { installFakeExtension } from '../../../test/fake-extension';
import { renderRoute } from '../../../test/render-route';

beforeAll(() => import('../home-page'));

const findSites = () => screen.findByRole('region', { name: "Sites we'll intercept" }, { timeout: 5000 });

/** An extension with access to every site but those in `lacking`, recording what it was asked. */
function extensionLacking(lacking: Set<string>) {
  return installFakeExtension((message) => {
    if (message.type === 'GET_SITE_ACCESS') {
      const origins = message.siteOrigins as string[];
      return { status: 'success', needsAccess: origins.filter((origin) => lacking.has(origin)) };
    }
    return { status: 'success', version: '0.1.0', signedIn: true, userId: null };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sites that need access on this browser (decision 045)', () => {
  it('names the sites without access, and "Grant access" opens the extension’s page for them', async () => {
    const user = userEvent.setup();
    const lacking = new Set(['https://reddit.com']);
    const { received } = extensionLacking(lacking);
    installDashboardServer({
      sites: [
        makeSite({ siteOrigin: 'https://www.youtube.com' }),
        makeSite({ siteOrigin: 'https://reddit.com' }),
        makeSite({ siteOrigin: 'https://paused.example', active: false }),
      ],
    });
    renderRoute('/');

    const sites = await findSites();
    const notice = await within(sites).findByRole('region', { name: 'Needs access on this browser' });
    const listed = within(notice).getByRole('list', { name: 'Sites that need access' });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['reddit.com']);
    // Only active sites are asked about: a paused site is not intercepted anyway.
    expect(
      received.find((each) => (each.message as { type: string }).type === 'GET_SITE_ACCESS')?.message,
    ).toEqual({ type: 'GET_SITE_ACCESS', siteOrigins: ['https://www.youtube.com', 'https://reddit.com'] });

    await user.click(within(notice).getByRole('button', { name: 'Grant access' }));
    expect(received.map((each) => (each.message as { type: string }).type)).toContain('OPEN_SITE_ACCESS');

    // Access granted in the extension's tab: back on this page, the notice is gone.
    lacking.clear();
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() =>
      expect(within(sites).queryByRole('region', { name: 'Needs access on this browser' })).toBeNull(),
    );
  }, 15_000);

  it('shows nothing without an extension', async () => {
    installDashboardServer({ sites: [makeSite({ siteOrigin: 'https://reddit.com' })] });
    renderRoute('/');
    const sites = await findSites();
    expect(await within(sites).findByRole('heading', { name: 'reddit.com' })).toBeInTheDocument();
    expect(within(sites).queryByRole('region', { name: 'Needs access on this browser' })).toBeNull();
  });
});
