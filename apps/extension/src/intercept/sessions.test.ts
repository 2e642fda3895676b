import { describe, expect, it } from 'vitest';
import { serverSession, site } from '../../test-support/data';
import { addLocalSession, nextSessionEnd, runningSessionEnds, withoutEndedSessions } from './sessions';

const now = Date.UTC(2026, 0, 15, 12);

describe('session expiry', () => {
  it('runs until timeStarted*1000 + length, and is over at that instant', () => {
    const local = [{ siteId: 's1', sessionId: 'a', timeStarted: now / 1000, lengthInMilliseconds: 3000 }];
    expect(runningSessionEnds([], local, now + 2999).get('s1')).toBe(now + 3000);
    expect(runningSessionEnds([], local, now + 3000).has('s1')).toBe(false);
  });

  it('counts whole seconds of timeStarted, as the web app sends them', () => {
    const local = [
      {
        siteId: 's1',
        sessionId: 'a',
        timeStarted: Math.floor((now + 900) / 1000),
        lengthInMilliseconds: 1000,
      },
    ];
    // Started at 12:00:00.900 → timeStarted 12:00:00 → ends 12:00:01.000.
    expect(runningSessionEnds([], local, now + 999).has('s1')).toBe(true);
    expect(runningSessionEnds([], local, now + 1000).has('s1')).toBe(false);
  });

  it("merges the server's active sessions with local ones; the latest end wins", () => {
    const youtube = site('https://youtube.com');
    youtube.activeSessions = [serverSession(youtube.id, now, { startedMsAgo: 60_000, lengthMs: 300_000 })];
    const local = [
      { siteId: youtube.id, sessionId: 'b', timeStarted: now / 1000, lengthInMilliseconds: 600_000 },
    ];
    expect(runningSessionEnds([youtube], [], now).get(youtube.id)).toBe(now + 240_000);
    expect(runningSessionEnds([youtube], local, now).get(youtube.id)).toBe(now + 600_000);
  });

  it('ignores server sessions that have already ended', () => {
    const reddit = site('https://reddit.com');
    reddit.activeSessions = [serverSession(reddit.id, now, { startedMsAgo: 400_000, lengthMs: 300_000 })];
    expect(runningSessionEnds([reddit], [], now).size).toBe(0);
  });

  it('finds the next end and drops ended local sessions', () => {
    const ends = new Map([
      ['a', now + 5000],
      ['b', now + 2000],
    ]);
    expect(nextSessionEnd(ends)).toBe(now + 2000);
    expect(nextSessionEnd(new Map())).toBeNull();
    const sessions = [
      { siteId: 'a', sessionId: '1', timeStarted: now / 1000 - 10, lengthInMilliseconds: 5000 },
      { siteId: 'a', sessionId: '2', timeStarted: now / 1000, lengthInMilliseconds: 5000 },
    ];
    expect(withoutEndedSessions(sessions, now).map((session) => session.sessionId)).toEqual(['2']);
  });

  it('replaces a repeated START_SESSION by its sessionId instead of adding it twice', () => {
    const first = { siteId: 'a', sessionId: '1', timeStarted: 10, lengthInMilliseconds: 5000 };
    const again = { ...first, lengthInMilliseconds: 9000 };
    expect(addLocalSession(addLocalSession([], first), again)).toEqual([again]);
  });
});
