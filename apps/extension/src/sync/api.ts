import {
  ApiError,
  apiRequest,
  brand,
  type EndpointBody,
  type EndpointName,
  type EndpointQuery,
  type EndpointResponse,
  endpoints,
  readApiResponse,
} from '@stillpoint/core';

/** Long enough for a slow network, short enough that a stalled call does not hold the worker. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface ApiCall<N extends EndpointName> {
  origin: string;
  token?: string | null;
  query?: EndpointQuery<(typeof endpoints)[N]>;
  body?: EndpointBody<(typeof endpoints)[N]>;
}

/**
 * Calls the product's own server as the extension (core's SPEC §7 request with X-App-Platform:
 * Extension), and validates the answer with core's schema. Failures are ApiErrors: NETWORK when
 * the server could not be reached, else the server's code.
 */
export async function callServer<N extends EndpointName>(
  fetchFn: typeof fetch,
  name: N,
  call: ApiCall<N>,
): Promise<EndpointResponse<(typeof endpoints)[N]>> {
  const endpoint = endpoints[name];
  const request = apiRequest(endpoint, endpoint.method === 'GET' ? call.query : call.body, {
    platform: 'Extension',
    token: call.token,
  });
  let response: Response;
  try {
    response = await fetchFn(new URL(request.path, call.origin), {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(`${brand.name} could not be reached.`, 'NETWORK', 0);
  }
  return readApiResponse(endpoint, response) as Promise<EndpointResponse<(typeof endpoints)[N]>>;
}
