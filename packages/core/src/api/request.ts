import { API_PREFIX, apiHeaders, DEFAULT_API_VERSION } from '../constants/api';
import type { AppPlatform } from '../constants/platforms';
import type { Endpoint, EndpointResponse } from './endpoint';
import { ApiError, MALFORMED_RESPONSE_MESSAGE, unwrapEnvelope } from './envelope';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency';

/** A call to the product's own server, ready for fetch (the path is relative to its origin). */
export interface ApiRequest {
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/**
 * SPEC §7 conventions, shared by the web app and the extension: bearer token when signed in,
 * Accept-Version, X-App-Platform, and a JSON content type when a body is sent. GET input goes in
 * the query string, leaving out undefined and null (optional parameters) and repeating a key for
 * each item of a list; POST input is the JSON body. An idempotency key, for the calls that take
 * one (`idempotent`), goes in the Idempotency-Key header: the same key for a retry of one press.
 */
export function apiRequest(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  input: unknown,
  {
    platform,
    token,
    idempotencyKey,
  }: { platform: AppPlatform; token?: string | null; idempotencyKey?: string | undefined },
): ApiRequest {
  const headers: Record<string, string> = {
    [apiHeaders.version]: DEFAULT_API_VERSION,
    [apiHeaders.platform]: platform,
    Accept: 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  const path = `${API_PREFIX}${endpoint.path}`;
  if (endpoint.method === 'GET') {
    const search = searchOf(input);
    return { path: search ? `${path}?${search}` : path, method: 'GET', headers };
  }
  if (input === undefined) return { path, method: 'POST', headers };
  headers['Content-Type'] = 'application/json';
  return { path, method: 'POST', headers, body: JSON.stringify(input) };
}

function searchOf(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) {
        pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
      }
    }
  }
  return pairs.join('&');
}

/** What readApiResponse needs of a fetch Response. */
export interface ApiResponseLike {
  status: number;
  json(): Promise<unknown>;
}

/**
 * The SPEC §7 client rule: the envelope must hold success true and data, which must match the
 * endpoint's schema; otherwise an ApiError with the server's error text (or MALFORMED_RESPONSE
 * for a body that is no JSON, such as a proxy's error page).
 */
export async function readApiResponse<E extends Endpoint>(
  endpoint: E,
  response: ApiResponseLike,
): Promise<EndpointResponse<E>> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  const parsed = endpoint.response.safeParse(unwrapEnvelope<unknown>(json, response.status));
  if (!parsed.success) throw new ApiError(MALFORMED_RESPONSE_MESSAGE, 'MALFORMED_RESPONSE', response.status);
  return parsed.data as EndpointResponse<E>;
}
