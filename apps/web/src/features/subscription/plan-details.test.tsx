import { DAY_MS, englishDate } from '@stillpoint/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionState } from '../../test/subscriptions';
import { PlanDetails } from './plan-details';

// Noon, so the reader's time zone cannot move the trial's last day across midnight.
const now = new Date('2026-11-29T12:00:00.000Z');

afterEach(() => vi.useRealTimers());

const renderPlan = (state: ReturnType<typeof subscriptionState>) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  render(<PlanDetails state={state} badge={null} fetchLatest={vi.fn()} />);
};

describe('the plan name', () => {
  it('calls the no-card trial a free trial with the day it ends, not "premium monthly"', () => {
    renderPlan(subscriptionState('noCardTrial', { days: 7, now }));
    const ends = englishDate(new Date(now.getTime() + 7 * DAY_MS), 'monthDay');
    expect(ends).toBe('December 6');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Free trial, ends December 6');
    expect(screen.getByRole('region', { name: 'Free trial, ends December 6' })).toBeInTheDocument();
    expect(screen.queryByText(/premium monthly/i)).not.toBeInTheDocument();
  });

  it('keeps the name of a paid plan and of a trial with a card', () => {
    renderPlan(subscriptionState('cardTrial', { days: 5, now, managementUrl: null }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('premium yearly');
  });
});
