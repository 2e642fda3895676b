import { type InterceptOutcome, type InterceptOutcomeReport, isUuid, localUserDay } from '@stillpoint/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { newUuid } from './new-uuid';
import { reportOutcomes } from './report-outcomes';

/** The decisions that settle a pause; "shown" only opens it. */
type Decision = Exclude<InterceptOutcome, 'shown'>;

export interface InterceptOutcomeReporter {
  /** The person chose "nevermind". */
  nevermind(): void;
  /** The person started a session of this length. */
  session(lengthInMilliseconds: number): void;
}

interface Pause {
  interceptId: string;
  siteId: string;
  /** The day the pause was shown: every report of it belongs to that day, even past midnight. */
  userDay: number;
}

/**
 * Records what this pause achieved (docs/insights.md): "shown" when it appears, then the first
 * decision only: "nevermind", a session, or "left" when the page goes away undecided. A page
 * without a valid siteId reports nothing. Reporting runs in the background and never holds up
 * or breaks the pause.
 */
export function useInterceptOutcome(siteId: string | null): InterceptOutcomeReporter {
  // One pause per page, fixed when it first shows, under one id.
  const [pause] = useState<Pause | null>(() =>
    siteId !== null && isUuid(siteId)
      ? { interceptId: newUuid(), siteId, userDay: localUserDay(new Date()) }
      : null,
  );
  // Outlives StrictMode's second run of the effect below, so "shown" goes out once.
  const reported = useRef({ shown: false, decided: false });

  const decide = useCallback(
    (outcome: Decision, extra: Partial<InterceptOutcomeReport> = {}) => {
      if (!pause || reported.current.decided) return;
      reported.current.decided = true;
      // Every decision ends the page (it unloads, closes the tab or opens the site): keepalive lets
      // the request finish without it.
      void reportOutcomes([{ ...outcomeOf(pause, outcome), ...extra }], { keepalive: true });
    },
    [pause],
  );

  useEffect(() => {
    if (!pause) return;
    if (!reported.current.shown) {
      reported.current.shown = true;
      void reportOutcomes([outcomeOf(pause, 'shown')]);
    }
    const onPageHide = () => decide('left');
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [pause, decide]);

  return useMemo(
    () => ({
      nevermind: () => decide('nevermind'),
      session: (lengthInMilliseconds: number) =>
        decide('session', { sessionLengthInMilliseconds: lengthInMilliseconds }),
    }),
    [decide],
  );
}

function outcomeOf(pause: Pause, outcome: InterceptOutcome): InterceptOutcomeReport {
  return {
    interceptId: pause.interceptId,
    siteId: pause.siteId,
    outcome,
    occurredAt: Date.now(),
    userDay: pause.userDay,
  };
}
