import {
  breadcrumbsIntegration,
  browserApiErrorsIntegration,
  captureException,
  dedupeIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
} from '@sentry/browser';
import { isAnalyticsAllowed } from '../consent/consent';
import { MAX_REPORTS_PER_PAGE } from './report';
import { scrubBreadcrumb, scrubEvent } from './sentry-scrub';

export interface SentryStart {
  dsn: string;
  environment: string;
  release: string;
}

/**
 * Starts Sentry's browser SDK (decision 052), loaded by sentry.ts only once the page has a DSN, the
 * first screen is done and the cookie choice allows error reports. It sends only errors: no
 * tracing, sessions, replays, console capture or client reports, and nothing about the person.
 * Every event is scrubbed as a stored report is, looks at the cookie choice again (a Reject given
 * since stops it), and a page sends at most as many as it reports to the server.
 * Returns how to send an error the page met before the SDK was there.
 */
export function startSentry({ dsn, environment, release }: SentryStart): (thrown: unknown) => void {
  let sent = 0;
  init({
    dsn,
    environment,
    release,
    defaultIntegrations: false,
    integrations: [
      globalHandlersIntegration(),
      browserApiErrorsIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
      // Clicks, navigations and requests; console messages stay out (consoleIntegration is not added).
      breadcrumbsIntegration({ sentry: false }),
    ],
    sendClientReports: false,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['User-Agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend(event) {
      if (!isAnalyticsAllowed() || sent >= MAX_REPORTS_PER_PAGE) return null;
      sent += 1;
      return scrubEvent(event);
    },
    beforeBreadcrumb: scrubBreadcrumb,
  });
  return (thrown) => {
    captureException(thrown);
  };
}
