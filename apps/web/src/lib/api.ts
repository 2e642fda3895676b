import {
  API_PREFIX,
  ApiError,
  type AppPlatform,
  apiHeaders,
  DEFAULT_API_VERSION,
  type Endpoint,
  type EndpointBody,
  type EndpointName,
  type EndpointQuery,
  type EndpointResponse,
  endpoints,
  unwrapEnvelope,
} from '@stillpoint/core';
import { readAccessToken } from './accessToken';
import { track } from './analytics/track';
import { brand } from './brand';

export { ApiError };

const WEB_APP_PLATFORM: AppPlatform = 'WebApp';

export const NETWORK_ERROR_MESSAGE = `Could not reach ${brand.name}. Check your connection and try again.`;

export { type AccessTokenProvider, setAccessTokenProvider } from './accessToken';

/** A GET call takes its query, a POST call its body; an endpoint never has both. */
export type EndpointInput<E> = EndpointQuery<E> extends undefined ? EndpointBody<E> : EndpointQuery<E>;

export interface CallOptions {
  /** TanStack Query passes one so that abandoned queries stop their request. */
  signal?: AbortSignal;
}

type CallArgs<E> =
  undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

type Endpoints = typeof endpoints;

/**
 * Calls the product's own server by endpoint name (SPEC §7) and returns the envelope's data.
 * Throws ApiError with the server's error text on failure, or a readable message when offline.
 */
export function callApi<N extends EndpointName>(
  name: N,
  ...args: CallArgs<Endpoints[N]>
): Promise<EndpointResponse<Endpoints[N]>> {
  const [input, options] = args;
  return requestEndpoint(endpoints[name], input, options);
}

/** callApi for an endpoint object; exported for the rare caller (and test) holding one directly. */
export async function requestEndpoint<E extends Endpoint>(
  endpoint: E,
  input?: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  try {
    return await sendRequest(endpoint, input, options);
  } catch (error) {
    // SPEC §8: API failures are logged to analytics as an error event.
    if (error instanceof ApiError) {
      track('error', {
        endpoint: endpoint.path,
        status: error.status,
        code: error.code,
        message: error.message,
      });
    }
    throw error;
  }
}

async function sendRequest<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> | undefined,
  options: CallOptions,
): Promise<EndpointResponse<E>> {
  const headers = new Headers({
    [apiHeaders.version]: DEFAULT_API_VERSION,
    [apiHeaders.platform]: WEB_APP_PLATFORM,
  });
  const token = await readAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  // Same origin as the page: the server serves /api, and `npm run dev` proxies it.
  let url = `${API_PREFIX}${endpoint.path}`;
  let body: string | undefined;
  if (endpoint.method === 'GET') {
    const search = toSearchParams(input).toString();
    if (search) url += `?${search}`;
  } else if (input !== undefined) {
    body = JSON.stringify(input);
    headers.set('Content-Type', 'application/json');
  }

  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, signal: options.signal });
  } catch (error) {
    // A cancelled query is not a failure for the person using the app; let the caller see the abort.
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK', 0);
  }

  const data = unwrapEnvelope<unknown>(await readJson(response), response.status);
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      `The server sent a response ${brand.name} could not read.`,
      'MALFORMED_RESPONSE',
      response.status,
    );
  }
  return parsed.data as EndpointResponse<E>;
}

/** Optional query parameters (SPEC §7) are left out when undefined or null; lists repeat the key. */
function toSearchParams(query: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (typeof query !== 'object' || query === null) return params;
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  return params;
}

/** A proxy error page or an empty body is not JSON; unwrapEnvelope turns `undefined` into an ApiError. */
async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
