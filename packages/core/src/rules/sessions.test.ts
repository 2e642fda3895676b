import { describe, expect, it } from 'vitest';
import {
  earliestActiveSessionStart,
  hasSessionsLeft,
  isSessionActive,
  isSessionOnDay,
  latestRunningSession,
  minutesUntil,
  progressPercent,
  remainingMinutes,
  sessionEndsAtMs,
  sessionsLeftToday,
  startsTooFarAhead,
} from './sessions';

const started = 1_700_000_000; // epoch seconds
const startMs = started * 1000;
const tenMinutes = { timeStarted: started, lengthInMilliseconds: 10 * 60_000 };

describe('session timing', () => {
  it('ends at timeStarted*1000 + lengthInMilliseconds', () => {
    expect(sessionEndsAtMs(tenMinutes)).toBe(startMs + 600_000);
  });

  it('is active until the last millisecond and over at the end', () => {
    expect(isSessionActive(tenMinutes, startMs)).toBe(true);
    expect(isSessionActive(tenMinutes, startMs + 599_999)).toBe(true);
    expect(isSessionActive(tenMinutes, startMs + 600_000)).toBe(false);
  });

  it('rounds remaining minutes up and floors them at 0', () => {
    expect(remainingMinutes(tenMinutes, startMs)).toBe(10);
    expect(remainingMinutes(tenMinutes, startMs + 1)).toBe(10);
    expect(remainingMinutes(tenMinutes, startMs + 540_000)).toBe(1);
    expect(remainingMinutes(tenMinutes, startMs + 599_999)).toBe(1);
    expect(remainingMinutes(tenMinutes, startMs + 600_000)).toBe(0);
    expect(remainingMinutes(tenMinutes, startMs + 9_999_999)).toBe(0);
  });

  it('reports progress from 0 to a 100% cap', () => {
    expect(progressPercent(tenMinutes, startMs - 5000)).toBe(0);
    expect(progressPercent(tenMinutes, startMs)).toBe(0);
    expect(progressPercent(tenMinutes, startMs + 300_000)).toBe(50);
    expect(progressPercent(tenMinutes, startMs + 600_000)).toBe(100);
    expect(progressPercent(tenMinutes, startMs + 1_200_000)).toBe(100);
    expect(progressPercent({ timeStarted: started, lengthInMilliseconds: 0 }, startMs)).toBe(100);
  });
});

describe('sessionsLeftToday', () => {
  it('subtracts today’s sessions from the budget, never below 0', () => {
    expect(sessionsLeftToday(3, [])).toBe(3);
    expect(sessionsLeftToday(3, [tenMinutes, tenMinutes])).toBe(1);
    expect(sessionsLeftToday(3, 3)).toBe(0);
    expect(sessionsLeftToday(1, 4)).toBe(0);
  });
});

describe('budget rules for starting a session', () => {
  it('counts a session on the userDay it started, not on the next day', () => {
    expect(isSessionOnDay({ userDay: 19_875 }, 19_875)).toBe(true);
    expect(isSessionOnDay({ userDay: 19_875 }, 19_876)).toBe(false);
  });

  it('allows a start while sessions are left, and not once the budget is used', () => {
    expect(hasSessionsLeft(3, 2)).toBe(true);
    expect(hasSessionsLeft(3, 3)).toBe(false);
    expect(hasSessionsLeft(1, [])).toBe(true);
    // A budget lowered below what was already used that day leaves nothing, not a negative.
    expect(hasSessionsLeft(2, 5)).toBe(false);
  });

  it('tolerates five minutes of clock drift on a start, and no more', () => {
    const now = startMs;
    expect(startsTooFarAhead({ ...tenMinutes, timeStarted: started + 300 }, now)).toBe(false);
    expect(startsTooFarAhead({ ...tenMinutes, timeStarted: started + 301 }, now)).toBe(true);
    expect(startsTooFarAhead({ ...tenMinutes, timeStarted: started - 86_400 }, now)).toBe(false);
  });

  it('knows no session started before the longest length ago can still be active', () => {
    const now = startMs + 45 * 60_000;
    const earliest = earliestActiveSessionStart(now);
    // A 30-minute session that started exactly then is just over; one a second later is not.
    expect(isSessionActive({ timeStarted: earliest, lengthInMilliseconds: 30 * 60_000 }, now)).toBe(false);
    expect(isSessionActive({ timeStarted: earliest + 1, lengthInMilliseconds: 30 * 60_000 }, now)).toBe(true);
  });
});

describe('latestRunningSession', () => {
  const five = { timeStarted: started, lengthInMilliseconds: 5 * 60_000, id: 'five' };
  const ten = { ...tenMinutes, id: 'ten' };
  const over = { timeStarted: started - 3600, lengthInMilliseconds: 60_000, id: 'over' };

  it('picks the running session that ends last, whatever the order', () => {
    expect(latestRunningSession([five, ten, over], startMs + 1000)?.id).toBe('ten');
    expect(latestRunningSession([ten, five], startMs + 1000)?.id).toBe('ten');
  });

  it('ignores ended sessions and gives undefined when none runs', () => {
    expect(latestRunningSession([five, ten], startMs + 6 * 60_000)?.id).toBe('ten');
    expect(latestRunningSession([over], startMs)).toBeUndefined();
    expect(latestRunningSession([], startMs)).toBeUndefined();
  });

  it('counts minutes to an end instant the same way as remainingMinutes', () => {
    expect(minutesUntil(startMs + 61_000, startMs)).toBe(2);
    expect(minutesUntil(startMs, startMs + 1)).toBe(0);
    expect(minutesUntil(sessionEndsAtMs(tenMinutes), startMs + 1)).toBe(
      remainingMinutes(tenMinutes, startMs + 1),
    );
  });
});
