import type { MobileApp, Profile, SupportedApp } from '@stillpoint/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { type FakeResponse, installFakeServer } from '../../../test/fake-server';
import { AddSiteProvider } from '../sites/add-site-provider';
import { PhoneUseSection } from './phone-use-section';

const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });

const SUPPORTED: SupportedApp[] = [
  { id: 'instagram', name: 'Instagram', iconURL: 'https://cdn.example/icons/instagram.png' },
  { id: 'tiktok', name: 'TikTok', iconURL: 'https://cdn.example/icons/tiktok.png' },
];

const DAY_S = 86_400;

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    displayName: 'Robin',
    streakData: { streakStarted: Math.floor(Date.now() / 1000) - 12 * DAY_S - 60 },
    mobileScreenTimeToday: 134,
    ...overrides,
  };
}

const NO_USE = { totalAppOpens: 0, totalMinutesUsed: 0 };

/** Seven days, today first, as fetchApps answers them; days not given are zero. */
const days = (...newestFirst: [opens: number, minutes: number][]) =>
  Array.from({ length: 7 }, (_, back) => {
    const day = newestFirst[back];
    return day ? { totalAppOpens: day[0], totalMinutesUsed: day[1] } : NO_USE;
  });

function app(overrides: Partial<MobileApp> = {}): MobileApp {
  return {
    id: 'app-1',
    supportedAppId: 'instagram',
    name: null,
    budget: 5,
    domains: ['instagram.com'],
    currentWeekSessions: days([3, 47], [4, 52]),
    legacyWeekTotal: null,
    ...overrides,
  };
}

interface Data {
  apps?: MobileApp[] | (() => FakeResponse);
  profile?: Profile;
  supportedApps?: SupportedApp[];
}

function renderSection({ apps = [app()], profile: me = profile(), supportedApps = SUPPORTED }: Data = {}) {
  const server = installFakeServer({ signedIn: true });
  server.route('GET /api/fetchApps', () => (typeof apps === 'function' ? apps() : ok(apps)));
  server.route('GET /api/getSupportedApps', () => ok(supportedApps));
  server.route('GET /api/getProfileWeb', () => ok(me));
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <AddSiteProvider>
            <PhoneUseSection />
          </AddSiteProvider>
        ),
      },
      { path: '/mobileDownload', element: <h1>Download Stillpoint on mobile</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { server, router, user: userEvent.setup() };
}

const appRow = (name: string) => screen.getByRole('listitem', { name });

describe('PhoneUseSection', () => {
  it("sits under 'Your phone use' in a phone-shaped card 300 px wide and at least 560 px tall", async () => {
    renderSection();

    const section = screen.getByRole('region', { name: 'Your phone use' });
    await within(section).findByText('Phone use today');
    const frame = section.querySelector<HTMLElement>('[style*="min-height"]');
    expect(frame?.style.width).toBe('300px');
    expect(frame?.style.minHeight).toBe('560px');
  });

  it('shows a spinner while the phone data loads', () => {
    renderSection();
    expect(screen.getByRole('status', { name: 'Loading your phone use' })).toBeInTheDocument();
  });

  it("with no apps and no screen time today offers 'Mobile setup', a link to /mobileDownload", async () => {
    const { user, router } = renderSection({ apps: [], profile: profile({ mobileScreenTimeToday: 0 }) });

    const setup = await screen.findByRole('link', { name: 'Mobile setup' });
    expect(setup).toHaveAttribute('href', '/mobileDownload');
    expect(screen.queryByText('Phone use today')).not.toBeInTheDocument();

    await user.click(setup);
    expect(router.state.location.pathname).toBe('/mobileDownload');
  });

  it('shows screen time, the day streak and a row per app once a phone has reported', async () => {
    renderSection({
      apps: [
        app(),
        app({
          id: 'app-2',
          supportedAppId: null,
          name: null,
          budget: 10,
          domains: [],
          currentWeekSessions: days([0, 5]),
        }),
      ],
    });

    expect(await screen.findByText('Phone use today')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mobile setup' })).not.toBeInTheDocument();
    expect(screen.getByText('Screen time today').nextElementSibling).toHaveTextContent('2h 14m');
    expect(screen.getByText('Day streak').nextElementSibling).toHaveTextContent('12');

    const instagram = appRow('Instagram');
    expect(within(instagram).getByText('47m used')).toBeInTheDocument();
    expect(instagram).toHaveTextContent('3/5 opens');
    expect(instagram.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/icons/instagram.png');
    expect(within(instagram).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');

    const unknown = appRow('Unknown');
    expect(unknown).toHaveTextContent('0/10 opens');
    expect(within(unknown).getByText('5m used')).toBeInTheDocument();
  });

  it('shows the summary when there is screen time but no limited apps yet', async () => {
    renderSection({ apps: [], profile: profile({ mobileScreenTimeToday: 42 }) });

    expect(await screen.findByText('Phone use today')).toBeInTheDocument();
    expect(screen.getByText('Screen time today').nextElementSibling).toHaveTextContent('42m');
    expect(screen.queryByRole('link', { name: 'Mobile setup' })).not.toBeInTheDocument();
  });

  it("turns the bar red once today's opens exceed the daily budget, not when they reach it", async () => {
    renderSection({
      apps: [
        app({ id: 'at', currentWeekSessions: days([5, 20]) }),
        app({
          id: 'over',
          supportedAppId: 'tiktok',
          budget: 4,
          domains: ['tiktok.com'],
          // Under budget every earlier day: only today counts, and today is over.
          currentWeekSessions: days([9, 95], [2, 10], [1, 5]),
        }),
      ],
    });

    const atBudget = within(await screen.findByRole('listitem', { name: 'Instagram' })).getByRole(
      'progressbar',
    );
    expect(atBudget).toHaveAccessibleName('Instagram: opens against budget');
    expect(atBudget.firstElementChild).toHaveClass('bg-accent');

    const tiktok = appRow('TikTok');
    expect(tiktok).toHaveTextContent('9/4 opens');
    expect(within(tiktok).getByText('1h 35m used')).toBeInTheDocument();
    const over = within(tiktok).getByRole('progressbar');
    expect(over).toHaveAccessibleName('TikTok: opens over budget');
    expect(over).toHaveAttribute('aria-valuenow', '100');
    expect(over.firstElementChild).toHaveClass('bg-danger');
  });

  it('keeps the bar calm when the week adds up past the daily budget but today does not', async () => {
    renderSection({
      // 27 opens this week and 9 yesterday, against 5 a day; today's 2 are within it.
      apps: [
        app({
          budget: 5,
          currentWeekSessions: days([2, 14], [9, 70], [5, 30], [3, 21], [4, 25], [2, 9], [2, 12]),
        }),
      ],
    });

    const instagram = await screen.findByRole('listitem', { name: 'Instagram' });
    expect(instagram).toHaveTextContent('2/5 opens');
    expect(within(instagram).getByText('14m used')).toBeInTheDocument();
    const bar = within(instagram).getByRole('progressbar');
    expect(bar).toHaveAccessibleName('Instagram: opens against budget');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar.firstElementChild).toHaveClass('bg-accent');
    expect(instagram.querySelector('.text-danger')).toBeNull();
  });

  it('shows a week total from an older phone build apart, in muted text, with no budget bar', async () => {
    renderSection({
      apps: [
        app({
          budget: 10,
          currentWeekSessions: days(),
          legacyWeekTotal: { weekStartUserDay: 20_458, totalAppOpens: 42, totalMinutesUsed: 190 },
        }),
        app({
          id: 'app-2',
          supportedAppId: 'tiktok',
          budget: 4,
          domains: [],
          currentWeekSessions: days([6, 40]),
        }),
      ],
    });

    const instagram = await screen.findByRole('listitem', { name: 'Instagram' });
    // 42 opens against a budget of 10 a day is no overrun: it is seven days' worth.
    expect(within(instagram).getByText('This week: 42 opens, 3h 10m')).toHaveClass('text-muted');
    expect(instagram).toHaveTextContent('10/day budget');
    expect(instagram).not.toHaveTextContent('42/10');
    expect(within(instagram).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(instagram.querySelector('.text-danger')).toBeNull();
    expect(instagram).toHaveTextContent('to see opens per day');

    // The other app, reported per day, keeps its red bar for today.
    const tiktok = appRow('TikTok');
    expect(tiktok).toHaveTextContent('6/4 opens');
    expect(within(tiktok).getByRole('progressbar')).toHaveAccessibleName('TikTok: opens over budget');
  });

  it("a domain chip's '+' opens Add Site with the domain already in the Site field", async () => {
    const { user } = renderSection({
      apps: [app({ domains: ['instagram.com', 'threads.net'] })],
    });

    await user.click(await screen.findByRole('button', { name: 'Intercept threads.net on the web' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add a site' });
    expect(await within(dialog).findByLabelText('Site', {}, { timeout: 5000 })).toHaveValue('threads.net');
  });

  it('says so when the phone data cannot be loaded, and Try again recovers', async () => {
    let failing = true;
    const { user } = renderSection({
      apps: () =>
        failing
          ? {
              status: 404,
              body: { success: false, code: 'NOT_FOUND', error: 'No phone data for this account.' },
            }
          : ok([app()]),
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your phone use.");
    expect(alert).toHaveTextContent('No phone data for this account.');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Phone use today')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
