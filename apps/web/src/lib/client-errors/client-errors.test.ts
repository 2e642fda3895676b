import { endpoints } from '@stillpoint/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenProvider } from '../access-token';
import { setConsent, setConsentNeeded, setVisitorCountry } from '../consent/consent';
import { installErrorReporting } from './install';
import { MAX_REPORTS_PER_PAGE } from './report';
import { REPORT_CLIENT_ERROR_PATH, sendReport } from './send';

const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"success":true}'));

/** A window `error` event as the browser raises it for an uncaught throw. */
function raiseError(error: unknown, message = error instanceof Error ? error.message : String(error)) {
  window.dispatchEvent(new ErrorEvent('error', { error, message, cancelable: true }));
}

/** A window `unhandledrejection` event (jsdom has no PromiseRejectionEvent constructor). */
function raiseRejection(reason: unknown) {
  const event = Object.assign(new Event('unhandledrejection'), { reason, promise: Promise.resolve() });
  window.dispatchEvent(event);
}

const sentBodies = () =>
  fetchSpy.mock.calls
    .filter(([url]) => url === `/api${REPORT_CLIENT_ERROR_PATH}`)
    .map(([, init]) => JSON.parse(String(init?.body)));

let uninstall: () => void = () => undefined;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchSpy);
  setVisitorCountry('US');
});
afterEach(() => {
  uninstall();
  fetchSpy.mockClear();
  fetchSpy.mockImplementation(async () => new Response('{"success":true}'));
  vi.unstubAllGlobals();
  localStorage.clear();
  setConsentNeeded(null);
  setAccessTokenProvider(() => null);
});

describe('the error reporter', () => {
  it("posts the call's path with its message, stack, route and release", async () => {
    expect(REPORT_CLIENT_ERROR_PATH).toBe(endpoints.reportClientError.path);
    setAccessTokenProvider(() => 'session-token');
    uninstall = installErrorReporting();
    const error = new TypeError("Cannot read properties of undefined (reading 'budget')");
    raiseError(error);
    await vi.waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toEqual({
      kind: 'error',
      message: "TypeError: Cannot read properties of undefined (reading 'budget')",
      stack: error.stack,
      route: window.location.pathname,
      release: 'development',
    });
    const [, init] = fetchSpy.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer session-token');
  });

  it('reports an unhandled rejection, whatever was thrown', async () => {
    uninstall = installErrorReporting();
    raiseRejection('the quotes did not load');
    raiseRejection({ code: 42 });
    await vi.waitFor(() => expect(sentBodies()).toHaveLength(2));
    expect(sentBodies().map((body) => [body.kind, body.message])).toEqual([
      ['unhandledrejection', 'the quotes did not load'],
      ['unhandledrejection', '{"code":42}'],
    ]);
  });

  it('sends each distinct error once, and at most a few a page', async () => {
    const send = vi.fn(async () => undefined);
    uninstall = installErrorReporting(window, send);
    for (let n = 0; n < 3; n++) raiseError(new Error('the same'));
    raiseRejection(new Error('the same'));
    expect(send).toHaveBeenCalledTimes(2);
    for (let n = 0; n < 10; n++) raiseError(new Error(`distinct ${n}`));
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });

  it('ignores an error that says nothing (a cross-origin script)', () => {
    const send = vi.fn(async () => undefined);
    uninstall = installErrorReporting(window, send);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(send).not.toHaveBeenCalled();
  });

  it('survives a failing fetch without throwing or reporting itself', async () => {
    fetchSpy.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const rejections: unknown[] = [];
    const onRejection = (event: Event) => rejections.push(event);
    window.addEventListener('unhandledrejection', onRejection);
    uninstall = installErrorReporting();
    raiseError(new Error('first'));
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    raiseError(new Error('second'));
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    window.removeEventListener('unhandledrejection', onRejection);
    expect(rejections).toEqual([]);
  });

  it('survives a sender that throws', () => {
    uninstall = installErrorReporting(window, () => {
      throw new Error('the sender broke');
    });
    expect(() => raiseError(new Error('boom'))).not.toThrow();
  });
});

describe('error reports follow the cookie choice', () => {
  it('wait for the country, then go where no banner applies', async () => {
    setConsentNeeded(null);
    await sendReport({ kind: 'error', message: 'early', route: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchSpy).not.toHaveBeenCalled();
    setVisitorCountry('US');
    await vi.waitFor(() => expect(sentBodies().map((body) => body.message)).toEqual(['early']));
  });

  it('are never sent before Accept where the banner applies, nor after Reject', async () => {
    setVisitorCountry('DE');
    await sendReport({ kind: 'error', message: 'before a choice', route: '/' });
    setConsent('denied');
    await sendReport({ kind: 'error', message: 'after reject', route: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchSpy).not.toHaveBeenCalled();
    setConsent('granted');
    await sendReport({ kind: 'error', message: 'after accept', route: '/' });
    await vi.waitFor(() => expect(sentBodies().map((body) => body.message)).toEqual(['after accept']));
  });

  it('cuts what is over the call’s limits rather than being refused', async () => {
    await sendReport({ kind: 'error', message: 'm'.repeat(5000), stack: 's'.repeat(20_000), route: '' });
    await vi.waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toMatchObject({ route: '/' });
    expect(sentBodies()[0].message).toHaveLength(2000);
    expect(sentBodies()[0].stack).toHaveLength(16_000);
  });
});
