import type { Breadcrumb, ErrorEvent } from '@sentry/browser';
import { scrubText } from '@stillpoint/core';

/** Of the request's headers, only the browser's own description goes: a Referer can carry a query. */
const USER_AGENT = 'User-Agent';

/**
 * A breadcrumb as Sentry may keep it: its message and every text of its data scrubbed as a stored
 * report is (core's scrubText: queries of addresses, tokens, codes, e-mails, phone numbers), and
 * anything in its data that is not a plain value left out, since it could hold what the rules miss.
 */
export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const scrubbed: Breadcrumb = { ...breadcrumb };
  if (scrubbed.message) scrubbed.message = scrubText(scrubbed.message);
  if (scrubbed.data) {
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(scrubbed.data)) {
      if (typeof value === 'string') data[key] = scrubText(value);
      else if (typeof value === 'number' || typeof value === 'boolean') data[key] = value;
    }
    scrubbed.data = data;
  }
  return scrubbed;
}

/**
 * An error event as Sentry may receive it, carrying what /admin shows of the same error and no
 * more (docs/observability.md, "Errors from browsers"): the message, the exceptions' values and the
 * stack frames' files scrubbed, the page's address without its query, no headers but the user
 * agent, no cookies, query or body, no user, and the breadcrumbs scrubbed again.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.message) event.message = scrubText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) {
      if (frame.filename) frame.filename = scrubText(frame.filename);
      if (frame.abs_path) frame.abs_path = scrubText(frame.abs_path);
    }
  }
  if (event.request) {
    const { url, headers } = event.request;
    const userAgent = headers?.[USER_AGENT];
    event.request = {
      ...(url ? { url: scrubText(url) } : {}),
      ...(userAgent ? { headers: { [USER_AGENT]: userAgent } } : {}),
    };
  }
  if (event.transaction) event.transaction = scrubText(event.transaction);
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  delete event.user;
  delete event.extra;
  return event;
}
