import { ApiError, type EndpointResponse } from '@stillpoint/core';
import { adminEndpoints } from '@stillpoint/core/api/schemas/admin';
import { type CallOptions, type EndpointInput, requestEndpoint } from '../../lib/api';

type AdminEndpoints = typeof adminEndpoints;
export type AdminCallName = keyof AdminEndpoints;

/**
 * Calls one of the support console's endpoints. Their schemas come with the console's own lazy
 * code, not through lib/api-registry's groups, so no other page ever loads them.
 */
export function callAdmin<N extends AdminCallName>(
  name: N,
  input: EndpointInput<AdminEndpoints[N]>,
  options?: CallOptions,
): Promise<EndpointResponse<AdminEndpoints[N]>> {
  return requestEndpoint(adminEndpoints[name], input, options);
}

/** The server refused: the signed-in person is no admin. */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** What went wrong, in the server's words when it gave some (core's reader makes them readable). */
export const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Try again in a moment.';
