import {
  type BrowserSiteSession,
  type CustomSite,
  isSessionActive,
  progressPercent,
  remainingMinutes,
  SESSION_REFRESH_MS,
  sessionEndsAtMs,
  siteHost,
} from '@stillpoint/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useId } from 'react';
import { queryKeys } from '../../../lib/queryKeys';
import { ProgressBar } from '../../../ui/ProgressBar';
import { Switch } from '../../../ui/Switch';
import { useNow } from './useNow';
import { useToggleSiteActive } from './useSites';

/** A moment past a session's end before reloading, so the server agrees that it is over. */
const SESSION_END_GRACE_MS = 1000;

/** The longest a browser timer can wait (about 24.8 days) before it fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface SiteCardProps {
  site: CustomSite;
  onEdit(site: CustomSite): void;
}

/** The session still running that ends last, if any. */
export function currentSession(
  sessions: readonly BrowserSiteSession[],
  nowMs: number,
): BrowserSiteSession | undefined {
  return sessions
    .filter((session) => isSessionActive(session, nowMs))
    .sort((a, b) => sessionEndsAtMs(b) - sessionEndsAtMs(a))[0];
}

const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? 'min' : 'mins'}`;

/**
 * SPEC §2 site card: the host, an edit button, the intercept switch and '{used}/{budget} Uses
 * Today'; during a session, the minutes left and a progress bar, redrawn every 10 s. When the
 * session ends the site list reloads.
 */
export function SiteCard({ site, onEdit }: SiteCardProps) {
  const host = siteHost(site.siteOrigin);
  const hasActiveSessions = site.activeSessions.length > 0;
  const [now, refreshNow] = useNow(SESSION_REFRESH_MS, hasActiveSessions);
  const session = hasActiveSessions ? currentSession(site.activeSessions, now) : undefined;
  const toggle = useToggleSiteActive();
  const queryClient = useQueryClient();
  const headingId = useId();

  const sessionEndsAt = session ? sessionEndsAtMs(session) : null;
  useEffect(() => {
    if (sessionEndsAt === null) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, sessionEndsAt - Date.now()) + SESSION_END_GRACE_MS);
    const timer = setTimeout(() => {
      refreshNow();
      void queryClient.invalidateQueries({ queryKey: queryKeys.sites() });
    }, delay);
    return () => clearTimeout(timer);
  }, [sessionEndsAt, refreshNow, queryClient]);

  const used = site.todaysSessions.length;
  const overBudget = used >= site.dailyBudget;

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm transition-colors sm:p-5"
    >
      <div className="flex items-center gap-2 sm:gap-3">
        <SiteMonogram host={host} active={site.active} />
        <div className="min-w-0 flex-1">
          <h4
            id={headingId}
            className="text-[15px] font-semibold text-ink [overflow-wrap:anywhere] sm:text-base"
            title={site.siteOrigin}
          >
            <BreakableHost host={host} />
          </h4>
          <p className={`text-sm ${overBudget ? 'font-medium text-ink' : 'text-muted'}`}>
            {`${used}/${site.dailyBudget} Uses Today`}
            {site.active ? null : <span className="font-normal text-muted"> · Paused</span>}
          </p>
        </div>
        <button
          type="button"
          onClick={() => onEdit(site)}
          aria-label={`Edit ${host}`}
          className="grid size-11 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-accent-soft hover:text-accent"
        >
          <PencilIcon />
        </button>
        <Switch
          checked={site.active}
          onCheckedChange={(active) => toggle.mutate({ siteId: site.id, active })}
          label={`Intercept ${host}`}
        />
      </div>
      {session ? (
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
      ) : null}
    </li>
  );
}

/** A long host wraps after a dot, never mid-word, when the card is narrow. */
function BreakableHost({ host }: { host: string }) {
  const labels = host.split('.');
  return labels.map((label, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the labels of one host never reorder.
    <Fragment key={index}>
      {label}
      {index < labels.length - 1 ? (
        <>
          .<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/** A quiet initial in place of a favicon, which would mean asking a third party about the site. */
function SiteMonogram({ host, active }: { host: string; active: boolean }) {
  const letter =
    host
      .replace(/^www\./, '')
      .charAt(0)
      .toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={`hidden size-10 shrink-0 place-items-center rounded-xl sm:grid text-base font-semibold transition-colors ${
        active ? 'bg-accent-soft text-accent' : 'bg-paper text-muted'
      }`}
    >
      {letter}
    </span>
  );
}

function PencilIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </svg>
  );
}
