import { DEFAULT_FEEDBLOCKING_SETTINGS } from '@stillpoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDashboardServer } from '../../../test/dashboard-server';
import type { FakeResponse } from '../../../test/fake-server';
import { renderRoute } from '../../../test/render-route';

// Loaded once up front: the route's lazy import is slow on a busy machine, and tests have 5 s.
beforeAll(() => import('../home-page'));

const findSection = () => screen.findByRole('region', { name: "Sites we'll feedblock" }, { timeout: 5000 });

describe("Sites we'll feedblock", () => {
  afterEach(() => {
    toast.dismiss();
  });

  it('shows a switch per site with its setting', async () => {
    installDashboardServer({ settings: { ...DEFAULT_FEEDBLOCKING_SETTINGS, linkedinFeedblocking: false } });
    renderRoute('/');
    const section = await findSection();

    const switches = await within(section).findAllByRole('switch');
    expect(switches.map((toggle) => toggle.getAttribute('aria-label'))).toEqual([
      'Feedblock Facebook',
      'Feedblock YouTube',
      'Feedblock Twitter / X',
      'Feedblock LinkedIn',
      'Feedblock Instagram',
      'Feedblock Reddit',
    ]);
    expect(within(section).getByRole('switch', { name: 'Feedblock LinkedIn' })).not.toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Feedblock Reddit' })).toBeChecked();
    expect(within(section).queryByRole('link', { name: 'Finish setup' })).not.toBeInTheDocument();
  });

  it("offers 'Finish setup' to onboarding instead of switches when there are no settings", async () => {
    const user = userEvent.setup();
    const server = installDashboardServer({ settings: null });
    const { router } = renderRoute('/');
    const section = await findSection();

    const finish = await within(section).findByRole('link', { name: 'Finish setup' });
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
    await user.click(finish);

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    await waitFor(() => expect(server.tracked()).toContain('clickedFinishSetupFromHome'));
  });

  it('saves a switch as soon as it flips, and only that one', async () => {
    const user = userEvent.setup();
    const server = installDashboardServer();
    renderRoute('/');
    const toggle = await within(await findSection()).findByRole('switch', { name: 'Feedblock YouTube' });

    await user.click(toggle);

    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(server.state.settings?.youtubeFeedblocking).toBe(false));
    expect(server.calls('POST /api/updateBrowserSiteSettings')[0]?.body).toEqual({
      youtubeFeedblocking: false,
    });
    await waitFor(() => expect(server.tracked()).toContain('editFeedblocking'));
    expect(toggle).not.toBeChecked();
  });

  it('flips back with the error toast when saving fails, leaving other switches alone', async () => {
    const user = userEvent.setup();
    const server = installDashboardServer();
    const answers: ((response: FakeResponse) => void)[] = [];
    server.route('POST /api/updateBrowserSiteSettings', ({ body }) => {
      if ('redditFeedblocking' in (body as object)) {
        return new Promise((resolve) => answers.push(resolve));
      }
      server.state.settings = { ...DEFAULT_FEEDBLOCKING_SETTINGS, ...(body as object) };
      return { body: { success: true, data: server.state.settings } };
    });
    renderRoute('/');
    const section = await findSection();
    const reddit = await within(section).findByRole('switch', { name: 'Feedblock Reddit' });
    const facebook = within(section).getByRole('switch', { name: 'Feedblock Facebook' });

    await user.click(reddit);
    expect(reddit).not.toBeChecked();
    await user.click(facebook);
    expect(facebook).not.toBeChecked();

    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => answers[0]?.({ status: 503, body: { success: false, code: 'UNAVAILABLE', error: 'Busy.' } }));

    expect(await screen.findByText('Something broke, sorry')).toBeInTheDocument();
    await waitFor(() => expect(reddit).toBeChecked());
    expect(facebook).not.toBeChecked();
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    const server = installDashboardServer();
    server.route('GET /api/getBrowserSiteSettings', () => ({
      status: 403,
      body: { success: false, code: 'FORBIDDEN', error: 'Not allowed.' },
    }));
    renderRoute('/');

    const alert = await within(await findSection()).findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your feedblocking settings.");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
