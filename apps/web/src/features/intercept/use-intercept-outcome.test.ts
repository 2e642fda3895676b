import type { InterceptOutcomeReport } from '@stillpoint/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { installFakeExtension } from '../../test/fake-extension';
import { type FakeResponse, installFakeServer } from '../../test/fake-server';
import { useInterceptOutcome } from './use-intercept-outcome';

const SITE_ID = '0b7d4c1e-5a1f-4c8e-9a55-2f0d7e1c9b11';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const REPORT = 'POST /api/reportInterceptOutcomes';

const localDay = () => Math.floor((Date.now() - new Date().getTimezoneOffset() * 60_000) / 86_400_000);

function setup({
  siteId = SITE_ID as string | null,
  report,
}: {
  siteId?: string | null;
  report?: () => FakeResponse;
} = {}) {
  const server = installFakeServer({ signedIn: true });
  if (report) server.route(REPORT, report);
  const extension = installFakeExtension((message) =>
    message.type === 'QUEUE_INTERCEPT_OUTCOMES'
      ? { status: 'success', queued: (message.outcomes as unknown[]).length }
      : { status: 'success' },
  );
  // StrictMode runs the effect twice, as in development: the pause must still be shown once.
  const hook = renderHook(() => useInterceptOutcome(siteId), { reactStrictMode: true });
  /** Every outcome the server was sent, in order. */
  const reported = () =>
    server.calls(REPORT).flatMap((call) => (call.body as { outcomes: InterceptOutcomeReport[] }).outcomes);
  /** Every outcome handed to the extension to send later. */
  const queued = () =>
    extension.received
      .map(({ message }) => message as { type: string; outcomes?: InterceptOutcomeReport[] })
      .filter((message) => message.type === 'QUEUE_INTERCEPT_OUTCOMES')
      .flatMap((message) => message.outcomes ?? []);
  return { server, hook, reported, queued };
}

/** Lets reports in flight reach the fake server and the fake extension. */
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

const leavePage = () => act(() => void window.dispatchEvent(new Event('pagehide')));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useInterceptOutcome', () => {
  it('reports the pause as shown once, with a new id, the site and the local day', async () => {
    const before = Date.now();
    const { reported } = setup();

    await waitFor(() => expect(reported()).toHaveLength(1));
    await flush();
    const [shown] = reported();
    expect(reported()).toHaveLength(1);
    expect(shown).toMatchObject({ siteId: SITE_ID, outcome: 'shown', userDay: localDay() });
    expect(shown?.interceptId).toMatch(UUID);
    expect(shown?.occurredAt).toBeGreaterThanOrEqual(before);
    expect(shown?.occurredAt).toBeLessThanOrEqual(Date.now());
  });

  it('reports nevermind under the same id', async () => {
    const { hook, reported } = setup();
    await waitFor(() => expect(reported()).toHaveLength(1));

    act(() => hook.result.current.nevermind());

    await waitFor(() => expect(reported()).toHaveLength(2));
    const [shown, nevermind] = reported();
    expect(nevermind).toMatchObject({
      interceptId: shown?.interceptId,
      siteId: SITE_ID,
      outcome: 'nevermind',
    });
    expect(nevermind).not.toHaveProperty('sessionLengthInMilliseconds');
  });

  it('reports a session with the length chosen', async () => {
    const { hook, reported } = setup();
    await waitFor(() => expect(reported()).toHaveLength(1));

    act(() => hook.result.current.session(600_000));

    await waitFor(() => expect(reported()).toHaveLength(2));
    expect(reported()[1]).toMatchObject({
      interceptId: reported()[0]?.interceptId,
      outcome: 'session',
      sessionLengthInMilliseconds: 600_000,
    });
  });

  it('reports left, with keepalive, when the page goes away undecided', async () => {
    const { reported } = setup();
    await waitFor(() => expect(reported()).toHaveLength(1));

    leavePage();

    await waitFor(() => expect(reported()).toHaveLength(2));
    expect(reported()[1]).toMatchObject({ interceptId: reported()[0]?.interceptId, outcome: 'left' });
    const calls = (fetch as Mock<typeof fetch>).mock.calls.filter(([url]) =>
      String(url).endsWith('/api/reportInterceptOutcomes'),
    );
    expect(calls.map(([, init]) => init?.keepalive ?? false)).toEqual([false, true]);
  });

  it('reports only the first decision: leaving after nevermind, or a session after it, sends nothing', async () => {
    const { hook, reported } = setup();
    await waitFor(() => expect(reported()).toHaveLength(1));

    act(() => hook.result.current.nevermind());
    act(() => hook.result.current.session(300_000));
    leavePage();
    await flush();

    expect(reported().map((report) => report.outcome)).toEqual(['shown', 'nevermind']);
  });

  it('stops listening for the page going away once unmounted', async () => {
    const { hook, reported } = setup();
    await waitFor(() => expect(reported()).toHaveLength(1));

    hook.unmount();
    leavePage();
    await flush();

    expect(reported().map((report) => report.outcome)).toEqual(['shown']);
  });

  it.each([
    ['no siteId', null],
    ['a siteId that is no UUID', 'youtube'],
  ])('with %s reports nothing, not even on leaving', async (_case, siteId) => {
    const { hook, reported, queued } = setup({ siteId });

    act(() => hook.result.current.nevermind());
    leavePage();
    await flush();

    expect(reported()).toEqual([]);
    expect(queued()).toEqual([]);
  });

  it.each([
    [
      'the server fails',
      (): FakeResponse => ({ status: 503, body: { success: false, code: 'UNAVAILABLE', error: 'Busy.' } }),
    ],
    ['the server cannot be reached', null],
  ])('when %s, hands the outcomes to the extension under the same id', async (_case, answer) => {
    const { hook, reported, queued } = setup({ report: answer ?? undefined });
    if (!answer) vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));

    await waitFor(() => expect(queued()).toHaveLength(1));
    act(() => hook.result.current.session(300_000));
    await waitFor(() => expect(queued()).toHaveLength(2));

    const [shown, session] = queued();
    expect(shown).toMatchObject({ siteId: SITE_ID, outcome: 'shown' });
    expect(session).toMatchObject({
      interceptId: shown?.interceptId,
      outcome: 'session',
      sessionLengthInMilliseconds: 300_000,
    });
    if (answer)
      expect(reported().map((report) => report.interceptId)).toEqual([
        shown?.interceptId,
        shown?.interceptId,
      ]);
  });

  it('does not queue what the server refused (a 4xx would fail again at every sync)', async () => {
    const { reported, queued } = setup({
      report: () => ({ status: 404, body: { success: false, code: 'NOT_FOUND', error: 'No such site.' } }),
    });

    await waitFor(() => expect(reported()).toHaveLength(1));
    await flush();

    expect(queued()).toEqual([]);
  });

  it('never lets a failure reach the page, even without an extension to queue to', async () => {
    const { hook, reported } = setup({
      report: () => ({ status: 500, body: { success: false, code: 'INTERNAL', error: 'Oops.' } }),
    });
    vi.stubGlobal('chrome', undefined);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);

    act(() => hook.result.current.nevermind());
    await waitFor(() => expect(reported()).toHaveLength(2));
    await flush();

    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
