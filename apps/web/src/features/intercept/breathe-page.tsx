import {
  BREATHING_COUNTDOWN_SECONDS,
  breatheDestinationLine,
  breathingAlreadyMs,
  breathingPhase,
  hostOf,
  interceptReturnUrl,
  readBreatheQuery,
} from '@stillpoint/core';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { brand } from '../../lib/brand';
import { documentTitle } from '../../lib/document-title';
import { useFirstScreenTakenOver } from '../../lib/first-screen';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { BreathingCircle } from './breathing-circle';
import { InterceptNotice } from './intercept-notice';
import { SessionChooser } from './session-chooser';
import { useCountdown } from './use-countdown';
import { type InterceptSite, useInterceptSite, useVisitQuote } from './use-intercept-data';
import { type InterceptOutcomeReporter, useInterceptOutcome } from './use-intercept-outcome';

/**
 * Intercept page (SPEC §2 /breathe, §4 Intercept): an 11 s countdown of breathing in, breathing
 * out and a quote; then, for the site in `siteId`, today's budget and the choice to leave or to
 * start a session and go back to `returnUrl`, read whole as the rest of the query (core's
 * readBreatheQuery), so the address comes back exactly as the extension captured it. When the
 * extension's own first screen began the breathing (`breathingSince`), the pause carries on from
 * there rather than starting again.
 */
export function BreathePage() {
  const query = readBreatheQuery(useLocation());
  const siteId = query.siteId?.trim() || null;
  const returnUrl = query.returnUrl;
  // False while the app takes over the page drawn at build time, which shows the pause's start.
  const takenOver = useFirstScreenTakenOver();
  // Once, on arrival: the countdown and the circle's offset must not move on later renders.
  const [breathing] = useState(() => {
    const now = Date.now();
    // Carried on from the extension's first screen, or, for a drawn circle, from when the drawing
    // was painted: the drawn circle is kept, breathing since then (the server's style carries it
    // on from breathingSince), so only a circle of the app's own gets a delay.
    const carriedOn = breathingAlreadyMs(query.breathingSince, now);
    const alreadyMs = carriedOn > 0 || takenOver ? carriedOn : breathingAlreadyMs(drawingPaintedAt(), now);
    return { startedAt: now - alreadyMs, circleDelayMs: takenOver ? alreadyMs : 0 };
  });
  const counted = useCountdown(BREATHING_COUNTDOWN_SECONDS, { startedAt: breathing.startedAt });
  const secondsLeft = takenOver ? counted : BREATHING_COUNTDOWN_SECONDS;
  const phase = breathingPhase(secondsLeft);
  const quote = useVisitQuote(phase === 'quote');
  const site = useInterceptSite(siteId);
  const outcome = useInterceptOutcome(siteId);
  const destination = hostOf(interceptReturnUrl(returnUrl));

  return (
    <div className="flex flex-col items-center gap-8 px-4 pt-8 pb-16 sm:pt-12">
      <title>{documentTitle('Breathe')}</title>
      <h1 className="sr-only">Breathe</h1>
      <p className="min-h-5 text-sm font-medium text-muted">{breatheDestinationLine(destination)}</p>

      <BreathingCircle phase={phase} secondsLeft={secondsLeft} alreadyBreathingMs={breathing.circleDelayMs} />

      <div aria-live="polite" className="flex min-h-28 w-full max-w-xl items-start justify-center">
        {phase === 'quote' && quote ? (
          <figure className="breathe-appear flex flex-col items-center gap-3 text-center">
            <blockquote className="text-balance font-serif text-2xl leading-snug text-ink sm:text-[1.75rem]">
              “{quote.quote}”
            </blockquote>
            <figcaption className="text-sm text-muted">{quote.author}</figcaption>
          </figure>
        ) : null}
      </div>

      {secondsLeft === 0 ? <AfterBreathing site={site} returnUrl={returnUrl} outcome={outcome} /> : null}
    </div>
  );
}

/**
 * When the page drawn at build time was first painted (its first contentful paint), as epoch ms:
 * its circle began breathing then. Null where the browser does not tell.
 */
function drawingPaintedAt(): number | null {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return null;
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return paint ? performance.timeOrigin + paint.startTime : null;
}

interface AfterBreathingProps {
  site: InterceptSite;
  returnUrl: string | null;
  outcome: InterceptOutcomeReporter;
}

function AfterBreathing({ site, returnUrl, outcome }: AfterBreathingProps) {
  switch (site.status) {
    case 'found':
      return <SessionChooser site={site.site} returnUrl={returnUrl} outcome={outcome} />;
    case 'loading':
      return <Spinner label="Loading your site" />;
    case 'missing':
      return (
        <InterceptNotice title="No site to open from here">
          This page opens when {brand.name} pauses a site you chose. Without one there is no session to start.
        </InterceptNotice>
      );
    case 'notFound':
      return (
        <InterceptNotice title="We couldn't find this site">
          It isn't in your list of intercepted sites. It may have been deleted, or it belongs to another
          account.
        </InterceptNotice>
      );
    case 'error':
      return (
        <InterceptNotice
          title="We couldn't load your sites"
          actions={
            <Button loading={site.retrying} onClick={site.retry}>
              Try again
            </Button>
          }
        >
          {site.message}
        </InterceptNotice>
      );
  }
}
