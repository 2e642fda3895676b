import { describe, expect, it } from 'vitest';
import {
  insightDayRange,
  isFirstInsightWeek,
  isTurnedBack,
  sessionMinutesUsed,
  settleOutcome,
  turnBackRate,
  turnBackSentence,
} from './insights';

describe('settleOutcome', () => {
  it('a first report creates the pause with what it says', () => {
    expect(settleOutcome(null, 'shown')).toBe('shown');
    expect(settleOutcome(null, 'nevermind')).toBe('nevermind');
  });
  it('a decision settles a shown pause', () => {
    expect(settleOutcome('shown', 'session')).toBe('session');
    expect(settleOutcome('shown', 'left')).toBe('left');
  });
  it('the same report again, a late shown, or a second decision change nothing', () => {
    expect(settleOutcome('shown', 'shown')).toBeNull();
    expect(settleOutcome('session', 'shown')).toBeNull();
    expect(settleOutcome('session', 'left')).toBeNull();
    expect(settleOutcome('nevermind', 'session')).toBeNull();
  });
});

describe('turning back', () => {
  it('nevermind and leaving count, a session and a bare pause do not', () => {
    expect(isTurnedBack('nevermind')).toBe(true);
    expect(isTurnedBack('left')).toBe(true);
    expect(isTurnedBack('session')).toBe(false);
    expect(isTurnedBack('shown')).toBe(false);
  });
  it('words the week', () => {
    expect(turnBackSentence(12, 30)).toBe('You turned back 12 of 30 times this week');
    expect(turnBackSentence(1, 1)).toBe('You turned back 1 of 1 time this week');
    expect(turnBackSentence(0, 0)).toBeNull();
  });
  it('rates in whole percents', () => {
    expect(turnBackRate(1, 3)).toBe(33);
    expect(turnBackRate(0, 0)).toBeNull();
    expect(turnBackRate(5, 4)).toBe(100);
  });
});

describe('insightDayRange', () => {
  it('is seven days ending with the day, oldest first', () => {
    expect(insightDayRange(100)).toEqual([94, 95, 96, 97, 98, 99, 100]);
  });
  it('never goes below day 0', () => {
    expect(insightDayRange(2)).toEqual([0, 1, 2]);
  });
});

describe('sessionMinutesUsed', () => {
  it('counts what has passed while a session runs and its length once it is over', () => {
    const session = { timeStarted: 1_000, lengthInMilliseconds: 10 * 60_000 };
    expect(sessionMinutesUsed(session, 1_000 + 4 * 60)).toBe(4);
    expect(sessionMinutesUsed(session, 1_000 + 60 * 60)).toBe(10);
    expect(sessionMinutesUsed(session, 500)).toBe(0);
  });
});

describe('isFirstInsightWeek', () => {
  it('is the first week until the pauses fill seven days', () => {
    expect(isFirstInsightWeek(null)).toBe(true);
    expect(isFirstInsightWeek(0)).toBe(true);
    expect(isFirstInsightWeek(5)).toBe(true);
    expect(isFirstInsightWeek(6)).toBe(false);
    expect(isFirstInsightWeek(40)).toBe(false);
  });
});
