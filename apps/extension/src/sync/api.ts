import {
  ApiError,
  apiHeaders,
  DEFAULT_API_VERSION,
  type EndpointBody,
  type EndpointName,
  type EndpointQuery,
  type EndpointResponse,
  endpoints,
  unwrapEnvelope,
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
 * Calls the product's own server as the extension (SPEC §7 conventions: bearer token,
 * Accept-Version, X-App-Platform: Extension), and validates the answer with core's schema.
 * Failures are ApiErrors: NETWORK when the server could not be reached, else the server's code.
 */
export async function callServer<N extends EndpointName>(
  fetchFn: typeof fetch,
  name: N,
  call: ApiCall<N>,
): Promise<EndpointResponse<(typeof endpoints)[N]>> {
  const endpoint = endpoints[name];
  const url = new URL(`/api${endpoint.path}`, call.origin);
  if (call.query) {
    for (const [key, value] of Object.entries(call.query as Record<string, unknown>)) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
  }
  const headers: Record<string, string> = {
    [apiHeaders.version]: DEFAULT_API_VERSION,
    [apiHeaders.platform]: 'Extension',
    Accept: 'application/json',
  };
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetchFn(url, {
      method: endpoint.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      credentials: 'omit',
    });
  } catch {
    throw new ApiError('Stillpoint could not be reached.', 'NETWORK', 0);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(
      'The server sent a response Stillpoint could not read.',
      'MALFORMED_RESPONSE',
      response.status,
    );
  }
  const data = unwrapEnvelope<unknown>(json, response.status);
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      'The server sent a response Stillpoint could not read.',
      'MALFORMED_RESPONSE',
      response.status,
    );
  }
  return parsed.data as EndpointResponse<(typeof endpoints)[N]>;
}
