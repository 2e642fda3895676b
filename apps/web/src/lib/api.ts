import {
  ApiError,
  type AppPlatform,
  apiRequest,
  type Endpoint,
  type EndpointBody,
  type EndpointName,
  type EndpointQuery,
  type EndpointResponse,
  type endpoints,
  readApiResponse,
} from '@stillpoint/core';
import { readAccessToken } from './access-token';
import { track } from './analytics/track';
import { type EndpointRoute, endpointRoute, loadEndpoint } from './api-registry';
import { brand } from './brand';

export { ApiError };

const WEB_APP_PLATFORM: AppPlatform = 'WebApp';

export const NETWORK_ERROR_MESSAGE = `Could not reach ${brand.name}. Check your connection and try again.`;

export { type AccessTokenProvider, setAccessTokenProvider } from './access-token';

/** A GET call takes its query, a POST call its body; an endpoint never has both. */
export type EndpointInput<E> = EndpointQuery<E> extends undefined ? EndpointBody<E> : EndpointQuery<E>;

/**
 * How long a call may take, answer included, before it counts as the server not being reached.
 * Without it a server that never answers would leave the subscription guard's spinner on every
 * signed-in page for good; with it the call fails like an offline one and the page goes on.
 */
export const API_TIMEOUT_MS = 15_000;

export interface CallOptions {
  /** TanStack Query passes one so that abandoned queries stop their request. */
  signal?: AbortSignal;
  /** Overrides API_TIMEOUT_MS for this call. */
  timeoutMs?: number;
  /** Lets the request outlive the page, for a last report sent as the page goes away. */
  keepalive?: boolean;
  /**
   * For the calls that create, pay or send (`idempotent` in core's registry), sent as the
   * Idempotency-Key header: one per press of a button (lib/usePress.ts), the same for an automatic
   * retry of that press, so the server runs the press once (docs/payments.md, "Once per click").
   */
  idempotencyKey?: string | undefined;
}

type CallArgs<E> =
  undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** A new key for one press of a button: 128 random bits, as hex. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

type Endpoints = typeof endpoints;

/**
 * Calls the product's own server by endpoint name (SPEC §7) and returns the envelope's data.
 * Throws ApiError with the server's error text on failure, or a readable message when offline.
 */
export async function callApi<N extends EndpointName>(
  name: N,
  ...args: CallArgs<Endpoints[N]>
): Promise<EndpointResponse<Endpoints[N]>> {
  const [input, options] = args;
  const route = endpointRoute(name);
  const endpoint = loadEndpoint(name) as Promise<Endpoints[N]>;
  // A read goes out while its schemas load: they are needed only to read the answer. A change
  // waits for them, so that the server never makes a change whose answer the page then cannot
  // read (schemas that failed to load, say after a new release replaced their file).
  if (route.method === 'POST') return call(route, Promise.resolve(await endpoint), input, options);
  // A request that fails first leaves this promise unread; its own failure is reported by the read.
  endpoint.catch(() => undefined);
  return call(route, endpoint, input, options);
}

/** callApi for an endpoint object; exported for the rare caller (and test) holding one directly. */
export function requestEndpoint<E extends Endpoint>(
  endpoint: E,
  input?: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  return call(endpoint, Promise.resolve(endpoint), input, options);
}

async function call<E extends Endpoint>(
  route: EndpointRoute,
  endpoint: Promise<E>,
  input: EndpointInput<E> | undefined,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  try {
    return await sendRequest(route, endpoint, input, options);
  } catch (error) {
    // SPEC §8: API failures are logged to analytics as an error event.
    if (error instanceof ApiError) {
      track('error', {
        endpoint: route.path,
        status: error.status,
        code: error.code,
        message: error.message,
      });
    }
    throw error;
  }
}

async function sendRequest<E extends Endpoint>(
  route: EndpointRoute,
  endpoint: Promise<E>,
  input: EndpointInput<E> | undefined,
  options: CallOptions,
): Promise<EndpointResponse<E>> {
  // Same origin as the page: the server serves /api, and `npm run dev` proxies it.
  const request = apiRequest(route, input, {
    platform: WEB_APP_PLATFORM,
    token: await readAccessToken(),
    idempotencyKey: options.idempotencyKey,
  });
  const deadline = withDeadline(options.signal, options.timeoutMs ?? API_TIMEOUT_MS);
  try {
    // The deadline covers reading the answer too (a server can send its headers, then stall), and
    // it holds even where an aborted fetch does not give up by itself.
    return await Promise.race([
      exchange(endpoint, request, deadline.signal, options.keepalive),
      deadline.aborted,
    ]);
  } catch (error) {
    // A cancelled query is not a failure for the person using the app; let the caller see the abort.
    if (options.signal?.aborted) throw error;
    if (deadline.timedOut()) throw new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK', 0);
    throw error;
  } finally {
    deadline.clear();
  }
}

async function exchange<E extends Endpoint>(
  endpoint: Promise<E>,
  request: ReturnType<typeof apiRequest>,
  signal: AbortSignal,
  keepalive = false,
): Promise<EndpointResponse<E>> {
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK', 0);
  }
  return readApiResponse(await endpoint, response);
}

/**
 * A signal that aborts when the caller's does or when `ms` have passed, whichever comes first, and
 * a promise that rejects at that moment. Built by hand rather than with AbortSignal.any and
 * AbortSignal.timeout, which older browsers lack and fake timers cannot drive.
 */
function withDeadline(callerSignal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The server took too long to answer.', 'TimeoutError'));
  }, ms);
  return {
    signal: controller.signal,
    aborted,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
