import { API_PREFIX, apiHeaders, DEFAULT_API_VERSION, type ReportClientErrorBody } from '@stillpoint/core';
import { readAccessToken } from '../access-token';
import { isAnalyticsAllowed, whenTrackingAllowed } from '../consent/consent';
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

async function post(body: ReportClientErrorBody): Promise<void> {
  try {
    const token = await readAccessToken();
    // A last look after the wait for the token: a Reject given meanwhile still stops this one.
    if (!isAnalyticsAllowed()) return;
    await fetch(`${API_PREFIX}${REPORT_CLIENT_ERROR_PATH}`, {
      method: 'POST',
      // An error as the page goes away still arrives.
      keepalive: true,
      headers: {
        'Content-Type': 'application/json',
        [apiHeaders.version]: DEFAULT_API_VERSION,
        [apiHeaders.platform]: 'WebApp',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    // Offline, blocked or refused: dropped, and never reported in turn.
  }
}

/**
 * Sends one report as the cookie choice allows (docs/consent.md): an error report is measuring of
 * the same kind as analytics, so it waits for the country, goes where no banner applies or after
 * Accept, and is dropped otherwise.
 */
export async function sendReport(report: ClientErrorReport): Promise<void> {
  const body = bodyOf(report);
  whenTrackingAllowed(() => void post(body));
}
