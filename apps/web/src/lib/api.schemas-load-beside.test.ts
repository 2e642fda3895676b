import { type Endpoint, endpoints } from '@stillpoint/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from './api';
import { loadEndpoint } from './api-registry';

// The registry's loader is held back by each test, to see what the client does meanwhile.
vi.mock('./api-registry', async (original) => ({
  ...(await original<typeof import('./api-registry')>()),
  loadEndpoint: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
const user = { uid: 'u_1', phoneNumber: '+15555550100', email: null };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A schema load that finishes when the test says. */
function heldSchemaLoad() {
  let settle!: { resolve: (endpoint: Endpoint) => void; reject: (error: Error) => void };
  vi.mocked(loadEndpoint).mockReturnValue(
    new Promise<Endpoint>((resolve, reject) => {
      settle = { resolve, reject };
    }),
  );
  return settle;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('a call whose schemas have not loaded yet', () => {
  it('is sent at once when it reads, and its answer is read once the schemas are in', async () => {
    const schemas = heldSchemaLoad();
    fetchMock.mockResolvedValue(json({ success: true, data: user }));

    const answer = callApi('getUser');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect([url, init?.method]).toEqual(['/api/getUser', 'GET']);

    schemas.resolve(endpoints.getUser);
    await expect(answer).resolves.toEqual(user);
  });

  it('sends a change only once its schemas are in, and none when they cannot load', async () => {
    const schemas = heldSchemaLoad();
    fetchMock.mockResolvedValue(json({ success: true, data: { ok: true } }));
    const answer = callApi('sendFeedback', { content: 'Lovely', location: 'home' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
    schemas.resolve(endpoints.sendFeedback);
    await answer;
    expect(fetchMock).toHaveBeenCalledTimes(1);

    heldSchemaLoad().reject(new Error('chunk failed'));
    await expect(callApi('sendFeedback', { content: 'Again', location: 'home' })).rejects.toThrow(
      'chunk failed',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("fails with the schemas' failure when they cannot load, and with the network's when it fails first", async () => {
    const schemas = heldSchemaLoad();
    fetchMock.mockResolvedValue(json({ success: true, data: user }));
    const answer = callApi('getUser');
    schemas.reject(new Error('chunk failed'));
    await expect(answer).rejects.toThrow('chunk failed');

    heldSchemaLoad();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi('getUser')).rejects.toBeInstanceOf(ApiError);
  });
});
