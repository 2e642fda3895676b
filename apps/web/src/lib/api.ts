import {
  ApiError,
  type AppPlatform,
  apiRequest,
  type Endpoint,
  type EndpointBody,
  type EndpointName,
  type EndpointQuery,
  type EndpointResponse,
  endpoints,
  readApiResponse,
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
  // Same origin as the page: the server serves /api, and `npm run dev` proxies it.
  const request = apiRequest(endpoint, input, { platform: WEB_APP_PLATFORM, token: await readAccessToken() });
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled query is not a failure for the person using the app; let the caller see the abort.
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK', 0);
  }
  return readApiResponse(endpoint, response);
}
