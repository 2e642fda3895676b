import {
  type BrowserSiteSession,
  latestRunningSession,
  progressPercent,
  remainingMinutes,
  SESSION_REFRESH_MS,
  sessionEndsAtMs,
} from '@stillpoint/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reloadSites } from '../../../lib/sites/sites-query';
import { ProgressBar } from '../../../ui/progress-bar';
import { useNow } from './use-now';

/** A moment past a session's end before reloading, so the server agrees that it is over. */
const SESSION_END_GRACE_MS = 1000;

/** The longest a browser timer can wait (about 24.8 days) before it fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? 'min' : 'mins'}`;

interface SessionTimerProps {
  /** The site's running sessions; the one that ends last is shown. */
  sessions: readonly BrowserSiteSession[];
  host: string;
}

/**
 * A site card's running session (SPEC §2): the minutes left and a progress bar, redrawn every
 * 10 s. When the session ends it disappears and the site list reloads.
 */
export function SessionTimer({ sessions, host }: SessionTimerProps) {
  const [now, refreshNow] = useNow(SESSION_REFRESH_MS);
  const session = latestRunningSession(sessions, now);
  const queryClient = useQueryClient();

  const endsAt = session ? sessionEndsAtMs(session) : null;
  useEffect(() => {
    if (endsAt === null) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, endsAt - Date.now()) + SESSION_END_GRACE_MS);
    const timer = setTimeout(() => {
      refreshNow();
      void reloadSites(queryClient);
    }, delay);
    return () => clearTimeout(timer);
  }, [endsAt, refreshNow, queryClient]);

  if (!session) return null;
  return (
    <div className="mt-4 flex flex-col gap-2 rounded-xl bg-accent-soft/60 px-3 py-2.5">
      <p className="flex items-center gap-2 text-sm font-medium text-accent-strong">
        <span aria-hidden="true" className="relative flex size-2">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-accent opacity-60 motion-reduce:animate-none" />
          <span className="relative inline-flex size-2 rounded-full bg-accent" />
        </span>
        {`session ends in ${minutesText(remainingMinutes(session, now))}`}
      </p>
      <ProgressBar percent={progressPercent(session, now)} label={`Session on ${host}`} />
    </div>
  );
}
