import { type CustomSite, SESSION_REFRESH_MS } from '@stillpoint/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeSite } from '../../../test/dashboard-server';
import { SiteCard } from './site-card';

const NOW = new Date(2025, 2, 4, 10, 0, 0).getTime();

function renderCard(site: CustomSite) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ul>
        <SiteCard site={site} onEdit={() => undefined} />
      </ul>
    </QueryClientProvider>,
  );
}

const progress = () => screen.getByRole('progressbar', { name: 'Session on youtube.com' });

describe('SiteCard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the host, its uses today against the day budget, an edit button and the intercept switch', () => {
    const site = makeSite({ siteOrigin: 'https://youtube.com', budget: 5, dailyBudget: 3 });
    site.todaysSessions = [
      makeSession(site.id, { nowMs: NOW, startedMsAgo: 3_600_000, minutes: 5 }),
      makeSession(site.id, { nowMs: NOW, startedMsAgo: 7_200_000, minutes: 5 }),
    ];
    renderCard(site);

    expect(screen.getByRole('heading', { level: 4, name: 'youtube.com' })).toBeInTheDocument();
    // dailyBudget, the budget in force today, is what today's uses count against.
    expect(screen.getByText('2/3 uses today')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit youtube.com' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Intercept youtube.com' })).toBeChecked();
    expect(screen.queryByText(/session ends in/)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('names an international site in Unicode, not the punycode it is stored as', () => {
    renderCard(makeSite({ siteOrigin: 'https://xn--r8jz45g.xn--zckzah' }));

    const heading = screen.getByRole('heading', { level: 4, name: '例え.テスト' });
    expect(heading).toHaveAttribute('title', 'https://例え.テスト');
    expect(screen.getByRole('switch', { name: 'Intercept 例え.テスト' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('xn--');
  });

  it('keeps the port of a local site and shows a paused site unchecked', () => {
    renderCard(makeSite({ siteOrigin: 'http://localhost:8080', active: false }));

    expect(screen.getByText('0/3 uses today')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Intercept localhost:8080' })).not.toBeChecked();
  });

  it('counts an active session down in whole minutes, redrawn every 10 seconds', () => {
    const site = makeSite({ siteOrigin: 'https://youtube.com' });
    // Started 3 minutes ago, 10 minutes long: 7 minutes and 30% to go.
    const session = makeSession(site.id, { nowMs: NOW, startedMsAgo: 3 * 60_000, minutes: 10 });
    site.todaysSessions = [session];
    site.activeSessions = [session];
    renderCard(site);

    expect(screen.getByText('session ends in 7 mins')).toBeInTheDocument();
    expect(screen.getByText('1/3 uses today')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '30');

    // Nothing moves between beats...
    act(() => vi.advanceTimersByTime(SESSION_REFRESH_MS - 1));
    expect(progress()).toHaveAttribute('aria-valuenow', '30');
    // ...and each beat recomputes: 3 min 10 s of 10 min is 31.7%.
    act(() => vi.advanceTimersByTime(1));
    expect(progress()).toHaveAttribute('aria-valuenow', '32');
    expect(screen.getByText('session ends in 7 mins')).toBeInTheDocument();

    // 4 min 10 s in: 5 min 50 s left reads as 6.
    act(() => vi.advanceTimersByTime(6 * SESSION_REFRESH_MS));
    expect(screen.getByText('session ends in 6 mins')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '42');
  });

  it('reads the last minute as "1 min", and a session started ahead of this clock as 0%', () => {
    const site = makeSite({ siteOrigin: 'https://youtube.com' });
    // A clock a little behind the server's: the session reads as started in the future.
    const future = makeSession(site.id, { nowMs: NOW, startedMsAgo: -30_000, minutes: 5 });
    const ending = makeSession(site.id, { nowMs: NOW, startedMsAgo: 5 * 60_000 - 20_000, minutes: 5 });
    site.activeSessions = [ending];
    renderCard(site);

    expect(screen.getByText('session ends in 1 min')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '93');

    // The session that ends last is the one shown.
    const other = makeSite({ siteOrigin: 'https://news.site' });
    other.activeSessions = [ending, future];
    renderCard(other);
    expect(screen.getByRole('progressbar', { name: 'Session on news.site' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
  });

  it('drops the session from the card when it ends', async () => {
    const site = makeSite({ siteOrigin: 'https://youtube.com' });
    const session = makeSession(site.id, { nowMs: NOW, startedMsAgo: 5 * 60_000 - 4_000, minutes: 5 });
    site.activeSessions = [session];
    renderCard(site);
    expect(progress()).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3_999));
    expect(screen.getByText('session ends in 1 min')).toBeInTheDocument();
    // Just past the end, plus a moment's grace for the server's clock.
    await act(() => vi.advanceTimersByTimeAsync(1_001));

    expect(screen.queryByText(/session ends in/)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
