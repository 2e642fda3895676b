import type { InterceptOutcomeReport } from '@stillpoint/core';
import { ApiError, callApi } from '../../lib/api';
import { queueInterceptOutcomes } from '../../lib/extension/actions';

/**
 * Whether a failed report is worth sending again later: the server was not reached or failed on
 * its side. A 4xx (signed out, a site that is not theirs) would fail the same way at any sync.
 */
const worthRetrying = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * Sends a pause's outcomes (POST reportInterceptOutcomes). When the server cannot take them, the
 * extension queues them for its next sync under the same interceptId, so nothing counts twice.
 * Never throws: what a pause achieved is never worth an error in front of the person.
 */
export async function reportOutcomes(
  outcomes: InterceptOutcomeReport[],
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<void> {
  try {
    await callApi('reportInterceptOutcomes', { outcomes }, { keepalive });
  } catch (error) {
    if (worthRetrying(error)) await queueInterceptOutcomes(outcomes);
  }
}
