import { defineEndpoint, healthSchema, userSchema } from '@stillpoint/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_TIMEOUT_MS,
  ApiError,
  callApi,
  NETWORK_ERROR_MESSAGE,
  requestEndpoint,
  setAccessTokenProvider,
} from './api';

const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The one request the client sent, rebuilt as a Request so the test reads it like the server would. */
function sentRequest(): Request {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return new Request(new URL(String(url), 'http://localhost'), init);
}

const user = { uid: 'u_1', phoneNumber: '+15555550100', email: null };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setAccessTokenProvider(() => null);
});

describe('callApi', () => {
  it('sends the SPEC §7 headers and returns the envelope data', async () => {
    setAccessTokenProvider(async () => 'session-token-1');
    fetchMock.mockResolvedValue(json({ success: true, data: user }));

    await expect(callApi('getUser')).resolves.toEqual(user);

    const request = sentRequest();
    expect(request.method).toBe('GET');
    expect(new URL(request.url).pathname).toBe('/api/getUser');
    expect(request.headers.get('Authorization')).toBe('Bearer session-token-1');
    expect(request.headers.get('Accept-Version')).toBe('1.4.0');
    expect(request.headers.get('X-App-Platform')).toBe('WebApp');
    // No body, so no content type.
    expect(request.headers.get('Content-Type')).toBeNull();
  });

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: user }));

    await callApi('getUser');

    expect(sentRequest().headers.has('Authorization')).toBe(false);
  });

  it("throws the server's error text", async () => {
    fetchMock.mockResolvedValue(
      json({ success: false, error: 'Sign in to see your account.', code: 'UNAUTHENTICATED' }, 401),
    );

    const error = await callApi('getUser').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Sign in to see your account.',
      code: 'UNAUTHENTICATED',
      status: 401,
    });
  });

  it('throws a readable message when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(callApi('getUser')).rejects.toThrow(
      'Could not reach Stillpoint. Check your connection and try again.',
    );
    expect(NETWORK_ERROR_MESSAGE).toBe('Could not reach Stillpoint. Check your connection and try again.');
  });

  it('throws a readable message for a body that is not an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));

    await expect(callApi('getUser')).rejects.toThrow('The server sent a response Stillpoint could not read.');
  });

  it('throws when the data does not match the endpoint schema', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: { uid: 42 } }));

    await expect(callApi('getUser')).rejects.toMatchObject({ code: 'MALFORMED_RESPONSE' });
  });

  it('lets a cancelled request end as an abort, not as a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));

    await expect(callApi('getUser', undefined, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('the time limit', () => {
  /** A fetch that never answers and, like some polyfills, ignores its abort signal too. */
  const hangForever = () => new Promise<Response>(() => undefined);

  /** Settles `promise` into a readable outcome, so a test can look at it while time is faked. */
  function watch<T>(promise: Promise<T>) {
    const outcome: { settled: boolean; value?: T; error?: unknown } = { settled: false };
    promise.then(
      (value) => Object.assign(outcome, { settled: true, value }),
      (error: unknown) => Object.assign(outcome, { settled: true, error }),
    );
    return outcome;
  }

  it(`gives up on a server that never answers after ${API_TIMEOUT_MS / 1000} s, with the network error`, async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangForever);

    const call = watch(callApi('getSubscriptionState'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(call.settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(call.error).toBeInstanceOf(ApiError);
    expect(call.error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, code: 'NETWORK', status: 0 });
  });

  it('aborts the request it gives up on', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );

    const call = watch(callApi('getUser'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);

    const signal = fetchMock.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(true);
    expect(call.error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, code: 'NETWORK' });
  });

  it('counts reading the answer too: headers, then a body that never comes', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue({ status: 200, json: hangForever } as unknown as Response);

    const call = watch(callApi('getUser'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);

    expect(call.error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, code: 'NETWORK' });
  });

  it('still ends as an abort when the caller cancels first, and a call may set its own limit', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangForever);
    const controller = new AbortController();

    const cancelled = watch(callApi('getUser', undefined, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled.error).toMatchObject({ name: 'AbortError' });

    const quick = watch(callApi('getUser', undefined, { timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);
    expect(quick.error).toMatchObject({ code: 'NETWORK' });
  });

  it('leaves no timer behind once the answer is in', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json({ success: true, data: user }));

    await expect(callApi('getUser')).resolves.toEqual(user);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('requestEndpoint', () => {
  // Stand-ins for SPEC §7 calls with a query and with a body, built from core's schemas.
  const lookup = defineEndpoint({
    method: 'GET',
    path: '/lookup',
    summary: 'test',
    auth: 'user',
    query: userSchema,
    response: healthSchema,
  });
  const save = defineEndpoint({
    method: 'POST',
    path: '/save',
    summary: 'test',
    auth: 'user',
    body: userSchema,
    response: healthSchema,
  });

  it('puts a GET query in the search params, leaving out empty values', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: { status: 'ok' } }));

    await requestEndpoint(lookup, { uid: 'u 1', phoneNumber: null, email: 'a@b.co' });

    const url = new URL(sentRequest().url);
    expect(url.pathname).toBe('/api/lookup');
    expect([...url.searchParams]).toEqual([
      ['uid', 'u 1'],
      ['email', 'a@b.co'],
    ]);
  });

  it('sends a POST body as JSON with its content type', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: { status: 'ok' } }));

    await expect(requestEndpoint(save, user)).resolves.toEqual({ status: 'ok' });

    const request = sentRequest();
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('X-App-Platform')).toBe('WebApp');
    expect(await request.json()).toEqual(user);
  });

  it('takes its input type from the endpoint schemas', () => {
    // Checked by `tsc`: each line below fails to compile if the input types stop being enforced.
    // @ts-expect-error getUser takes no input
    const withInput = () => callApi('getUser', { uid: 'u_1' });
    // @ts-expect-error uid must be a string
    const wrongBody = () => requestEndpoint(save, { ...user, uid: 1 });
    expect([withInput, wrongBody]).toHaveLength(2);
  });
});
