import type { ReportClientErrorBody } from '@stillpoint/core';

/**
 * What the web app reports of an uncaught error or an unhandled rejection. Built cheaply in the
 * browser's own handler; the sending (send.ts) loads only when there is something to send.
 */
export type ClientErrorReport = Pick<ReportClientErrorBody, 'kind' | 'message' | 'route'> & {
  stack?: string;
};

/** The most a page load reports: a page failing in a loop sends a few, not thousands. */
export const MAX_REPORTS_PER_PAGE = 5;

/** Words for what was thrown, which need not be an Error. */
function describeThrown(thrown: unknown): { message: string; stack?: string } {
  if (thrown instanceof Error) {
    return { message: `${thrown.name}: ${thrown.message}`, ...(thrown.stack ? { stack: thrown.stack } : {}) };
  }
  if (typeof thrown === 'string') return { message: thrown };
  try {
    return { message: JSON.stringify(thrown) ?? String(thrown) };
  } catch {
    return { message: String(thrown) };
  }
}

/** The report of a window `error` event, or null when it says nothing (a cross-origin "Script error."). */
export function reportOfError(event: ErrorEvent, route: string): ClientErrorReport | null {
  const described =
    event.error === undefined || event.error === null
      ? { message: event.message ?? '' }
      : describeThrown(event.error);
  if (!described.message.trim() || (!event.error && /^script error\.?$/i.test(described.message)))
    return null;
  return { kind: 'error', route, ...described };
}

/** The report of a window `unhandledrejection` event. */
export function reportOfRejection(event: PromiseRejectionEvent, route: string): ClientErrorReport | null {
  const described = describeThrown(event.reason);
  if (!described.message.trim()) return null;
  return { kind: 'unhandledrejection', route, ...described };
}
