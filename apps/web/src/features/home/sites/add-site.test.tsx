import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDashboardServer, makeSite } from '../../../test/dashboard-server';
import type { FakeResponse } from '../../../test/fake-server';
import { renderRoute } from '../../../test/render-route';
import { Toaster } from '../../../ui/toaster';
import { AddSiteProvider, useAddSite } from './add-site-provider';

async function openAddSite() {
  const user = userEvent.setup();
  // The first render loads the page's code, which can take a while on a busy machine.
  await user.click(await screen.findByRole('button', { name: '+ Add site' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a site' });
  // The form loads with the dialog's first opening; the dialog shows a spinner until then.
  const site = await within(dialog).findByLabelText('Site', {}, { timeout: 5000 });
  return {
    user,
    dialog,
    site,
    budget: within(dialog).getByLabelText('Budget'),
    add: within(dialog).getByRole('button', { name: 'Add' }),
    cancel: within(dialog).getByRole('button', { name: 'Cancel' }),
  };
}

/** Stands in for the phone card's domain chips, which open Add Site prefilled. */
function DomainChip() {
  const { openAddSite } = useAddSite();
  return (
    <button type="button" onClick={() => openAddSite('tiktok.com')}>
      Add tiktok.com
    </button>
  );
}

// Loaded once up front: the route's lazy import is slow on a busy machine, and tests have 5 s.
beforeAll(() => import('../home-page'));

describe('Add Site', () => {
  // Sonner keeps toasts in module state; one test's toast must not show up in the next.
  afterEach(() => {
    toast.dismiss();
  });

  it("starts empty with a popular site as the placeholder, never this app's own host, and a budget of 3", async () => {
    installDashboardServer();
    renderRoute('/');
    const { site, budget, add } = await openAddSite();

    expect(site).toHaveValue('');
    expect(site).toHaveAttribute('placeholder', 'youtube.com');
    expect(site.getAttribute('placeholder')).not.toBe(window.location.host);
    expect(site).toHaveFocus();
    expect(budget).toHaveValue(3);
    expect(budget).toHaveAccessibleDescription('Sessions per day');
    expect(add).toBeDisabled();
  });

  it('enables Add only from 3 characters of site text', async () => {
    installDashboardServer();
    renderRoute('/');
    const { user, site, add } = await openAddSite();

    await user.type(site, 'ab');
    expect(add).toBeDisabled();
    await user.type(site, 'c');
    expect(add).toBeEnabled();
    // Spaces are not characters of a site.
    await user.clear(site);
    await user.type(site, ' ab ');
    expect(add).toBeDisabled();
  });

  it('disables Add for a budget of 0 or less, or none', async () => {
    installDashboardServer();
    renderRoute('/');
    const { user, site, budget, add } = await openAddSite();
    await user.type(site, 'youtube.com');

    for (const value of ['0', '-2', '']) {
      await user.clear(budget);
      if (value) await user.type(budget, value);
      expect(add).toBeDisabled();
    }
    await user.clear(budget);
    await user.type(budget, '1');
    expect(add).toBeEnabled();
  });

  it('reads the budget as a whole number: 2.9 adds a budget of 2, and 0.5 is not enough', async () => {
    const server = installDashboardServer();
    renderRoute('/');
    const { user, site, budget, add, dialog } = await openAddSite();
    await user.type(site, 'YouTube.com/watch?v=1');

    await user.clear(budget);
    await user.type(budget, '0.5');
    expect(add).toBeDisabled();

    await user.clear(budget);
    await user.type(budget, '2.9');
    await user.click(add);

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [request] = server.calls('POST /api/addBrowserSite');
    expect(request?.body).toEqual({ siteOrigin: 'https://youtube.com', budget: 2 });
    expect(await screen.findByText('0/2 uses today')).toBeInTheDocument();
  });

  it('adds the site, closes without a toast and shows its card', async () => {
    const server = installDashboardServer();
    renderRoute('/');
    expect(await screen.findByText('No sites yet')).toBeInTheDocument();
    const { user, site, add, dialog } = await openAddSite();

    await user.type(site, 'reddit.com');
    await user.click(add);

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 4, name: 'reddit.com' })).toBeInTheDocument();
    expect(screen.getByText('0/3 uses today')).toBeInTheDocument();
    expect(screen.queryByText('No sites yet')).not.toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    // Focus goes back to the button that opened the dialog.
    await waitFor(() => expect(screen.getByRole('button', { name: '+ Add site' })).toHaveFocus());
    await waitFor(() =>
      expect(server.tracked()).toEqual(
        expect.arrayContaining(['viewAddSiteModal', 'addedNewSite', 'closeAddSiteModal']),
      ),
    );
  });

  it('locks the form while the site is being added', async () => {
    const server = installDashboardServer();
    let answer: ((response: FakeResponse) => void) | undefined;
    server.route('POST /api/addBrowserSite', () => new Promise((resolve) => (answer = resolve)));
    renderRoute('/');
    const { user, site, budget, add, cancel, dialog } = await openAddSite();

    await user.type(site, 'reddit.com');
    await user.click(add);

    await waitFor(() => expect(add).toHaveAttribute('aria-busy', 'true'));
    expect(add).toBeDisabled();
    expect(site).toBeDisabled();
    expect(budget).toBeDisabled();
    expect(cancel).toBeDisabled();
    // Escape does not close it while the server has not answered.
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    act(() =>
      answer?.({
        body: {
          success: true,
          data: {
            id: '00000000-0000-4000-8000-00000000abcd',
            siteOrigin: 'https://reddit.com',
            budget: 3,
            active: true,
          },
        },
      }),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('shows the error toast and unlocks the form when adding fails', async () => {
    const server = installDashboardServer();
    server.route('POST /api/addBrowserSite', () => ({
      status: 503,
      body: { success: false, code: 'UNAVAILABLE', error: 'The database is busy.' },
    }));
    renderRoute('/');
    const { user, site, add, dialog } = await openAddSite();

    await user.type(site, 'reddit.com');
    await user.click(add);

    expect(await screen.findByText('Something broke, sorry')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(site).toBeEnabled();
    expect(site).toHaveValue('reddit.com');
    expect(add).toBeEnabled();
  });

  it("explains a duplicate in the form with the server's words", async () => {
    installDashboardServer({ sites: [makeSite({ siteOrigin: 'https://www.youtube.com' })] });
    renderRoute('/');
    const { user, site, add, dialog } = await openAddSite();

    await user.type(site, 'youtube.com');
    await user.click(add);

    expect(
      await within(dialog).findByText('youtube.com is already one of your intercepted sites.'),
    ).toBeInTheDocument();
    expect(site).toHaveAttribute('aria-invalid', 'true');
    expect(site).toHaveAccessibleDescription(
      expect.stringContaining('youtube.com is already one of your intercepted sites.'),
    );
    expect(screen.queryByText('Something broke, sorry')).not.toBeInTheDocument();
  });

  it('says what a site looks like when the text is not one, without asking the server', async () => {
    const server = installDashboardServer();
    renderRoute('/');
    const { user, site, add, dialog } = await openAddSite();

    await user.type(site, 'not a site');
    await user.click(add);

    expect(await within(dialog).findByText(/Enter a site like youtube.com/)).toBeInTheDocument();
    expect(server.calls('POST /api/addBrowserSite')).toHaveLength(0);
  });

  it('starts fresh each time: Cancel forgets what was typed', async () => {
    const server = installDashboardServer();
    renderRoute('/');
    const first = await openAddSite();
    await first.user.type(first.site, 'reddit.com');
    await first.user.click(first.cancel);
    expect(first.dialog).not.toBeInTheDocument();

    const second = await openAddSite();
    expect(second.site).toHaveValue('');
    expect(server.calls('POST /api/addBrowserSite')).toHaveLength(0);
    await waitFor(() => expect(server.tracked()).toContain('closeAddSiteModal'));
  });

  it('opens prefilled from elsewhere on the page through useAddSite', async () => {
    installDashboardServer();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AddSiteProvider>
          <DomainChip />
        </AddSiteProvider>
        <Toaster />
      </QueryClientProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Add tiktok.com' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add a site' });
    expect(await within(dialog).findByLabelText('Site', {}, { timeout: 5000 })).toHaveValue('tiktok.com');
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeEnabled();
  });
});
