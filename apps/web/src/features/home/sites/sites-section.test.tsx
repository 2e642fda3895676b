import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDashboardServer, makeSession, makeSite } from '../../../test/dashboard-server';
import type { FakeResponse } from '../../../test/fake-server';
import { renderRoute } from '../../../test/render-route';

// Loaded once up front: the route's lazy import is slow on a busy machine, and tests have 5 s.
beforeAll(() => import('../home-page'));

const findSites = () => screen.findByRole('region', { name: "Sites we'll intercept" }, { timeout: 5000 });

async function openEditor(host: string) {
  const user = userEvent.setup();
  const sites = await findSites();
  await user.click(await within(sites).findByRole('button', { name: `Edit ${host}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit site' });
  // The form loads with the dialog's first opening; the dialog shows a spinner until then.
  return { user, dialog, budget: await within(dialog).findByLabelText('Budget', {}, { timeout: 5000 }) };
}

describe("Sites we'll intercept", () => {
  afterEach(() => {
    vi.useRealTimers();
    toast.dismiss();
  });

  it('invites adding a first site when there are none', async () => {
    const user = userEvent.setup();
    installDashboardServer();
    renderRoute('/');

    const sites = await findSites();
    expect(await within(sites).findByText('No sites yet')).toBeInTheDocument();
    await user.click(within(sites).getByRole('button', { name: 'Add your first site' }));

    expect(await screen.findByRole('dialog', { name: 'Add a site' })).toBeInTheDocument();
  });

  it("lists the sites for the person's local day, each with its uses", async () => {
    const youtube = makeSite({ siteOrigin: 'https://www.youtube.com', budget: 4 });
    youtube.todaysSessions = [
      makeSession(youtube.id, { nowMs: Date.now(), startedMsAgo: 3_600_000, minutes: 5 }),
    ];
    const server = installDashboardServer({
      sites: [youtube, makeSite({ siteOrigin: 'https://reddit.com' })],
    });
    renderRoute('/');

    const sites = await findSites();
    const cards = await within(sites).findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'www.youtube.com',
      'reddit.com',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('1/4 uses today')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('0/3 uses today')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).queryByText(/Paused/)).not.toBeInTheDocument();
    const day = Math.floor((Date.now() - new Date().getTimezoneOffset() * 60_000) / 86_400_000);
    expect(
      server.calls('GET /api/getBrowserSitesWithActiveAndTodaysSessions')[0]?.search.get('userDay'),
    ).toBe(String(day));
  });

  it('offers to try again when the sites cannot be loaded', async () => {
    const user = userEvent.setup();
    const server = installDashboardServer({ sites: [makeSite({ siteOrigin: 'https://reddit.com' })] });
    server.route('GET /api/getBrowserSitesWithActiveAndTodaysSessions', () => ({
      status: 404,
      body: { success: false, code: 'NOT_FOUND', error: 'Not here.' },
    }));
    renderRoute('/');

    const sites = await findSites();
    const alert = await within(sites).findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your sites.");

    server.route('GET /api/getBrowserSitesWithActiveAndTodaysSessions', () => ({
      body: { success: true, data: server.state.sites },
    }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(sites).findByRole('heading', { name: 'reddit.com' })).toBeInTheDocument();
  });

  it('reloads the list when a session ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const site = makeSite({ siteOrigin: 'https://youtube.com' });
    const session = makeSession(site.id, { nowMs: Date.now(), startedMsAgo: 5 * 60_000 - 3_000, minutes: 5 });
    site.todaysSessions = [session];
    site.activeSessions = [session];
    const server = installDashboardServer({ sites: [site] });
    renderRoute('/');

    const sites = await findSites();
    expect(await within(sites).findByText('session ends in 1 min')).toBeInTheDocument();
    // The server's view once the session is over.
    server.state.sites = [{ ...site, activeSessions: [] }];
    const loads = server.calls('GET /api/getBrowserSitesWithActiveAndTodaysSessions').length;

    await act(() => vi.advanceTimersByTimeAsync(4_500));

    await waitFor(() =>
      expect(server.calls('GET /api/getBrowserSitesWithActiveAndTodaysSessions').length).toBeGreaterThan(
        loads,
      ),
    );
    expect(within(sites).queryByText(/session ends in/)).not.toBeInTheDocument();
    expect(within(sites).getByText('1/3 uses today')).toBeInTheDocument();
  });

  describe('the intercept switch', () => {
    it('turns interception off and keeps it off', async () => {
      const user = userEvent.setup();
      const server = installDashboardServer({ sites: [makeSite({ siteOrigin: 'https://reddit.com' })] });
      renderRoute('/');
      const toggle = await within(await findSites()).findByRole('switch', { name: 'Intercept reddit.com' });

      await user.click(toggle);

      expect(toggle).not.toBeChecked();
      expect(within(await findSites()).getByText(/Paused/)).toBeInTheDocument();
      await waitFor(() => expect(server.state.sites[0]?.active).toBe(false));
      expect(server.calls('POST /api/updateBrowserCustomSite')[0]?.body).toEqual({
        siteId: server.state.sites[0]?.id,
        active: false,
      });
      await waitFor(() => expect(server.tracked()).toContain('toggleCustomSiteActive'));
      expect(toggle).not.toBeChecked();
    });

    it('flips at once, then back with the error toast if the server refuses', async () => {
      const user = userEvent.setup();
      const server = installDashboardServer({ sites: [makeSite({ siteOrigin: 'https://reddit.com' })] });
      let answer: ((response: FakeResponse) => void) | undefined;
      server.route('POST /api/updateBrowserCustomSite', () => new Promise((resolve) => (answer = resolve)));
      renderRoute('/');
      const toggle = await within(await findSites()).findByRole('switch', { name: 'Intercept reddit.com' });

      await user.click(toggle);
      expect(toggle).not.toBeChecked();

      await waitFor(() => expect(answer).toBeDefined());
      act(() => answer?.({ status: 503, body: { success: false, code: 'UNAVAILABLE', error: 'Busy.' } }));

      expect(await screen.findByText('Something broke, sorry')).toBeInTheDocument();
      await waitFor(() => expect(toggle).toBeChecked());
    });
  });

  describe('Edit site', () => {
    it('shows the origin read-only and the budget, and saves a new budget', async () => {
      const server = installDashboardServer({
        sites: [makeSite({ siteOrigin: 'https://reddit.com', budget: 3 })],
      });
      renderRoute('/');
      const { user, dialog, budget } = await openEditor('reddit.com');

      const origin = within(dialog).getByLabelText('Site');
      expect(origin).toHaveValue('https://reddit.com');
      expect(origin).toHaveAttribute('readonly');
      expect(budget).toHaveValue(3);
      // The dialog opens on the one field there is to change.
      await waitFor(() => expect(budget).toHaveFocus());

      await user.clear(budget);
      await user.type(budget, '5');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(server.calls('POST /api/updateBrowserCustomSite')[0]?.body).toEqual({
        siteId: server.state.sites[0]?.id,
        budget: 5,
      });
      expect(await within(await findSites()).findByText('0/5 uses today')).toBeInTheDocument();
      await waitFor(() =>
        expect(server.tracked()).toEqual(
          expect.arrayContaining(['viewEditSiteModal', 'editCustomSite', 'closeEditSiteModal']),
        ),
      );
    });

    it('disables Save for a budget of 0 or less, or none', async () => {
      installDashboardServer({ sites: [makeSite({ siteOrigin: 'https://reddit.com' })] });
      renderRoute('/');
      const { user, dialog, budget } = await openEditor('reddit.com');
      const save = within(dialog).getByRole('button', { name: 'Save' });

      for (const value of ['0', '-1', '']) {
        await user.clear(budget);
        if (value) await user.type(budget, value);
        expect(save).toBeDisabled();
      }
      await user.type(budget, '7.8');
      expect(save).toBeEnabled();
    });

    it('keeps the dialog open with the error toast when saving fails', async () => {
      const server = installDashboardServer({ sites: [makeSite({ siteOrigin: 'https://reddit.com' })] });
      server.route('POST /api/updateBrowserCustomSite', () => ({
        status: 503,
        body: { success: false, code: 'UNAVAILABLE', error: 'Busy.' },
      }));
      renderRoute('/');
      const { user, dialog, budget } = await openEditor('reddit.com');

      await user.clear(budget);
      await user.type(budget, '9');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Something broke, sorry')).toBeInTheDocument();
      expect(dialog).toBeInTheDocument();
      expect(budget).toHaveValue(9);
    });

    it('deletes the site only after confirming', async () => {
      const server = installDashboardServer({
        sites: [makeSite({ siteOrigin: 'https://reddit.com' }), makeSite({ siteOrigin: 'https://x.com' })],
      });
      renderRoute('/');
      const { user, dialog } = await openEditor('reddit.com');

      await user.click(within(dialog).getByRole('button', { name: 'Delete site' }));
      expect(within(dialog).getByText('Delete reddit.com?')).toBeInTheDocument();
      const keep = within(dialog).getByRole('button', { name: 'Keep site' });
      expect(keep).toHaveFocus();
      await user.click(keep);
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
      expect(server.calls('POST /api/updateBrowserCustomSite')).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Delete site' }));
      await user.click(within(dialog).getByRole('button', { name: 'Yes, delete site' }));

      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(server.calls('POST /api/updateBrowserCustomSite')[0]?.body).toEqual({
        siteId: expect.any(String),
      });
      const sites = await findSites();
      await waitFor(() => expect(within(sites).queryByRole('heading', { name: 'reddit.com' })).toBeNull());
      expect(within(sites).getByRole('heading', { name: 'x.com' })).toBeInTheDocument();
      // The deleted card's edit button is gone; focus goes on to '+ Add site'.
      await waitFor(() => expect(within(sites).getByRole('button', { name: '+ Add site' })).toHaveFocus());
      await waitFor(() => expect(server.tracked()).toContain('deleteCustomSite'));
    });
  });
});
