import type { ReportClientErrorBody } from '@stillpoint/core';
import { postTracking } from '../analytics/post';
import { whenTrackingAllowed } from '../consent/consent';
import { release } from './release';
import type { ClientErrorReport } from './report';

/** The call's path, known here without its schemas (and zod) in the bundle; api-registry.test.ts checks it. */
export const REPORT_CLIENT_ERROR_PATH = '/reportClientError';

// The call's limits (core's reportClientErrorBodySchema): longer text is cut rather than refused.
const MESSAGE_MAX = 2000;
const STACK_MAX = 16_000;
const ROUTE_MAX = 500;

/** The report as the server takes it. */
export function bodyOf(report: ClientErrorReport): ReportClientErrorBody {
  return {
    kind: report.kind,
    message: report.message.slice(0, MESSAGE_MAX),
    ...(report.stack ? { stack: report.stack.slice(0, STACK_MAX) } : {}),
    route: report.route.slice(0, ROUTE_MAX) || '/',
    release,
  };
}

/**
 * Sends one report as the cookie choice allows (docs/consent.md): an error report is measuring of
 * the same kind as analytics, so it waits for the country, goes where no banner applies or after
 * Accept, and is dropped otherwise.
 */
export async function sendReport(report: ClientErrorReport): Promise<void> {
  const body = bodyOf(report);
  // The same fire-and-forget POST as analytics: its consent look after the token, keepalive as the
  // page goes away, and a failure dropped, never reported in turn.
  whenTrackingAllowed(() => void postTracking(REPORT_CLIENT_ERROR_PATH, body));
}
