import { describe, expect, it } from 'vitest';
import {
  isSessionActive,
  progressPercent,
  remainingMinutes,
  sessionEndsAtMs,
  sessionsLeftToday,
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
