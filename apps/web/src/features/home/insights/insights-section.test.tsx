import type { InsightDay, InsightFigures, Insights, SiteInsights } from '@stillpoint/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { type FakeResponse, installFakeServer } from '../../../test/fake-server';
import { InsightsSection } from './insights-section';

/** Tuesday 4 March 2025, mid-morning, wherever the tests run. */
const NOW = new Date(2025, 2, 4, 10, 0);
const TODAY = Math.floor((NOW.getTime() - NOW.getTimezoneOffset() * 60_000) / 86_400_000);
const WEEKDAYS = ['Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue'];

const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });
const figures = (attempts: number, turnedBack: number, sessions = 0, minutesUsed = 0): InsightFigures => ({
  attempts,
  turnedBack,
  sessions,
  minutesUsed,
});

/** A week ending today, oldest day first, from each day's figures (null: nothing recorded). */
function week(
  daily: (InsightFigures | null)[],
  {
    sites = [],
    daysSinceFirstIntercept = 30,
  }: { sites?: SiteInsights[]; daysSinceFirstIntercept?: number | null } = {},
): Insights {
  const days: InsightDay[] = daily.map((dayFigures, index) => ({
    userDay: TODAY - 6 + index,
    figures: dayFigures,
  }));
  const sum = (key: keyof InsightFigures) => daily.reduce((total, day) => total + (day?.[key] ?? 0), 0);
  return {
    fromUserDay: TODAY - 6,
    toUserDay: TODAY,
    days,
    total: figures(sum('attempts'), sum('turnedBack'), sum('sessions'), sum('minutesUsed')),
    sites,
    daysSinceFirstIntercept,
  };
}

function site(siteOrigin: string, total: InsightFigures): SiteInsights {
  return { siteId: `id-${siteOrigin}`, siteOrigin, days: [], total };
}

function renderSection(answer: () => FakeResponse | Promise<FakeResponse>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const server = installFakeServer({ signedIn: true });
  server.route('GET /api/getInsights', answer);
  render(
    <Providers>
      <InsightsSection />
    </Providers>,
  );
  return { server, user: userEvent.setup() };
}

const section = () => screen.getByRole('region', { name: "This week's pauses" });
/** The table, whether it is shown or only read out. */
const table = () => screen.findByRole('table', { name: 'Pauses in the last 7 days, by day' });
/** Each row of the table as its cells' text: the day, then the figures. */
async function tableRows() {
  const rows = within(await table()).getAllByRole('row');
  return rows.slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}
const chartDays = (container: HTMLElement) => [...container.querySelectorAll('svg g[data-day]')];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('InsightsSection', () => {
  it("asks for the week ending today by the person's own calendar", async () => {
    const { server } = renderSection(() => ok(week([null, null, null, null, null, null, figures(1, 1)])));

    await table();
    expect(server.calls('GET /api/getInsights')[0]?.search.get('userDay')).toBe(String(TODAY));
  });

  it('with no data at all shows only the first-week encouragement', async () => {
    renderSection(() => ok(week(Array(7).fill(null), { daysSinceFirstIntercept: null })));

    expect(
      await screen.findByText(
        'Your first week: each pause you take shows up here. Turning back counts as a win.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show as table' })).not.toBeInTheDocument();
    expect(section().querySelector('svg g[data-day]')).toBeNull();
  });

  it('with no pauses this week after earlier ones says the week is quiet, without a chart', async () => {
    renderSection(() => ok(week(Array(7).fill(null), { daysSinceFirstIntercept: 40 })));

    expect(await screen.findByText(/No pauses in the last 7 days/)).toBeVisible();
    expect(screen.queryByText(/Your first week/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('with one day of pauses in the first week: the sentence, the note, and six empty days', async () => {
    renderSection(() =>
      ok(
        week([null, null, null, null, null, null, figures(3, 2, 1, 10)], {
          daysSinceFirstIntercept: 0,
          sites: [site('https://www.youtube.com', figures(3, 2, 1, 10))],
        }),
      ),
    );

    expect(await screen.findByText('You turned back 2 of 3 times this week')).toBeVisible();
    expect(screen.getByText(/^Your first week/)).toBeVisible();

    const days = chartDays(section());
    expect(days.map((day) => day.getAttribute('data-state'))).toEqual([
      ...Array(6).fill('no-data'),
      'figures',
    ]);
    // An empty day is an outline, never a bar of zero.
    for (const day of days.slice(0, 6)) {
      expect(day.querySelector('[data-part]')).toBeNull();
      expect(day.querySelector('rect')).toHaveAttribute('stroke-dasharray');
    }

    const rows = await tableRows();
    expect(rows.slice(0, 6).map((row) => row.slice(1))).toEqual(Array(6).fill(['No data']));
    expect(rows[6]).toEqual(['Tue, Mar 4 (today)', '3', '2', '1', '10m']);
    expect(rows[7]).toEqual(['This week', '3', '2', '1', '10m']);
  });

  it('with seven days: totals, a bar per day split at the turned-back part, and the same numbers in the table', async () => {
    const daily = [
      figures(4, 1, 3, 25),
      figures(2, 2),
      figures(0, 0, 1, 5),
      figures(6, 3, 3, 42.4),
      figures(1, 0, 1, 30),
      figures(5, 5),
      figures(3, 2, 1, 75),
    ];
    renderSection(() =>
      ok(
        week(daily, {
          sites: [
            site('https://www.youtube.com', figures(14, 9, 6, 120)),
            site('https://reddit.com', figures(7, 4, 4, 57.4)),
          ],
        }),
      ),
    );

    expect(await screen.findByText('You turned back 13 of 21 times this week')).toBeVisible();
    expect(screen.queryByText(/Your first week/)).not.toBeInTheDocument();
    const totals = within(section())
      .getAllByRole('definition')
      .map((figure) => figure.textContent);
    expect(totals).toEqual(['21', '13', '9', '2h 57m']);

    // The chart: each day's pauses under its weekday, today marked; the turned-back part the
    // same share of the bar as of the pauses.
    // Hidden from screen readers (the table says it all), so found by their place.
    const labels = [...section().querySelectorAll('ol > li')];
    expect(labels.map((label) => label.textContent)).toEqual(
      daily.map((day, index) => `${day?.attempts}${WEEKDAYS[index]}`),
    );
    expect(labels[6]?.lastElementChild).toHaveClass('font-semibold');
    expect(labels[5]?.lastElementChild).not.toHaveClass('font-semibold');
    const days = chartDays(section());
    const height = (day: Element | undefined, part: string) =>
      Number(day?.querySelector(`[data-part="${part}"]`)?.getAttribute('height') ?? 0);
    expect(height(days[5], 'turned-back')).toBeGreaterThan(height(days[3], 'turned-back'));
    expect(days[5]?.querySelector('[data-part="other"]')).toBeNull();
    expect(days[1]?.querySelector('[data-part="other"]')).toBeNull();
    expect(days[4]?.querySelector('[data-part="turned-back"]')).toBeNull();
    // A day of sessions without pauses has figures, so it is a zero, not a gap.
    expect(days[2]).toHaveAttribute('data-state', 'figures');
    expect(days[2]?.querySelector('rect')).toBeNull();

    const rows = await tableRows();
    expect(rows.slice(0, 7).map((row) => row.slice(1))).toEqual([
      ['4', '1', '3', '25m'],
      ['2', '2', '0', '0m'],
      ['0', '0', '1', '5m'],
      ['6', '3', '3', '42m'],
      ['1', '0', '1', '30m'],
      ['5', '5', '0', '0m'],
      ['3', '2', '1', '1h 15m'],
    ]);
    expect(rows[7]).toEqual(['This week', '21', '13', '9', '2h 57m']);

    const bySite = within(section()).getByRole('list', { name: 'By site' });
    const lines = (item: HTMLElement) => [...item.querySelectorAll('p')].map((line) => line.textContent);
    expect(within(bySite).getAllByRole('listitem').map(lines)).toEqual([
      ['www.youtube.com', '14 pauses · 9 turned back · 6 sessions · 2h 0m used'],
      ['reddit.com', '7 pauses · 4 turned back · 4 sessions · 57m used'],
    ]);
  });

  it('keeps the table for screen readers under the chart, and shows it on request', async () => {
    const { user } = renderSection(() =>
      ok(week([null, null, null, null, null, figures(2, 1), figures(1, 1)])),
    );

    const hidden = await table();
    expect(hidden.closest('.sr-only')).not.toBeNull();
    expect(section().querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();

    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect((await table()).closest('.sr-only')).toBeNull();
    expect(section().querySelector('svg')).toBeNull();
  });

  it('shows a skeleton while loading, then the week', async () => {
    let answer: ((response: FakeResponse) => void) | undefined;
    renderSection(() => new Promise((resolve) => (answer = resolve)));

    expect(await screen.findByRole('status', { name: "Loading this week's pauses" })).toBeInTheDocument();
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.(ok(week([null, null, null, null, null, null, figures(1, 1)])));

    expect(await screen.findByText('You turned back 1 of 1 time this week')).toBeVisible();
    expect(screen.queryByRole('status', { name: "Loading this week's pauses" })).not.toBeInTheDocument();
  });

  it('explains a failed load and tries again', async () => {
    let fail = true;
    const { user } = renderSection(() =>
      fail
        ? { status: 400, body: { success: false, code: 'BAD_REQUEST', error: 'userDay: not a possible day' } }
        : ok(week([null, null, null, null, null, null, figures(2, 1)])),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this week's pauses.");
    expect(alert).toHaveTextContent('userDay: not a possible day');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You turned back 1 of 2 times this week')).toBeVisible();
  });
});
