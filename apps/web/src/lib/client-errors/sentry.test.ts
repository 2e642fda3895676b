import type { Breadcrumb, BrowserOptions, ErrorEvent } from '@sentry/browser';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsent, setConsentNeeded, setVisitorCountry } from '../consent/consent';
import { installSentryWhenConfigured } from './sentry';
import { afterFirstScreen, installSentry, type SentryOptions, sentrySettings } from './sentry-install';

// Sentry's browser SDK itself never loads here: its init and captureException are recorded.
const sdk = vi.hoisted(() => ({ init: vi.fn(), captureException: vi.fn() }));
vi.mock('@sentry/browser', async (real) => ({
  ...(await real<typeof import('@sentry/browser')>()),
  init: sdk.init,
  captureException: sdk.captureException,
}));

const DSN = 'https://publickey@o1.ingest.sentry.io/4242';
const settings = { dsn: DSN, environment: 'staging' };

/** The first screen done at once, as a test cannot wait for idle. */
const firstScreenDone: SentryOptions['whenFirstScreenDone'] = (_target, run) => run();

/** The options Sentry was started with: one start, or the test fails. */
function started(): BrowserOptions {
  expect(sdk.init).toHaveBeenCalledTimes(1);
  return sdk.init.mock.calls[0]?.[0] as BrowserOptions;
}

const raiseError = (error: unknown) =>
  window.dispatchEvent(new ErrorEvent('error', { error, message: String(error), cancelable: true }));

/** The test's own listener: an error no listener hears fails the run. */
const heard = () => undefined;

let uninstall: () => void = () => undefined;
beforeAll(async () => {
  // Loaded once here, so that no test's wait includes the first load of the SDK's code.
  await import('./sentry-sdk');
});
beforeEach(() => {
  sdk.init.mockClear();
  sdk.captureException.mockClear();
  window.addEventListener('error', heard);
});
afterEach(() => {
  window.removeEventListener('error', heard);
  uninstall();
  document.head.querySelector('meta[name="sentry-dsn"]')?.remove();
  localStorage.clear();
  setConsentNeeded(null);
});

describe('without a DSN in the page', () => {
  it('loads nothing, and listens to nothing', async () => {
    const loadInstaller = vi.fn();
    installSentryWhenConfigured(document, loadInstaller);
    expect(sentrySettings(document)).toBeNull();
    const load = vi.fn();
    const addListener = vi.spyOn(window, 'addEventListener');
    setVisitorCountry('US');
    uninstall = installSentry({ load, whenFirstScreenDone: firstScreenDone });
    raiseError(new Error('nobody hears this'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loadInstaller).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(addListener).not.toHaveBeenCalled();
    expect(sdk.init).not.toHaveBeenCalled();
    addListener.mockRestore();
  });
});

describe('with a DSN in the page', () => {
  it('loads the installer, which reads the DSN and the environment', async () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'sentry-dsn', content: DSN });
    meta.dataset.environment = 'staging';
    document.head.append(meta);
    expect(sentrySettings(document)).toEqual(settings);
    const installSentry = vi.fn();
    installSentryWhenConfigured(document, async () => ({ installSentry }));
    await vi.waitFor(() => expect(installSentry).toHaveBeenCalledTimes(1));
  });

  it('waits for the first screen to be done', () => {
    setVisitorCountry('US');
    const load = vi.fn(() => import('./sentry-sdk'));
    let finishFirstScreen: () => void = () => undefined;
    uninstall = installSentry({
      settings,
      load,
      whenFirstScreenDone: (_target, run) => {
        finishFirstScreen = run;
      },
    });
    expect(load).not.toHaveBeenCalled();
    finishFirstScreen();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing before Accept where the banner applies, nor after Reject, and loads on Accept', async () => {
    setVisitorCountry('DE');
    const load = vi.fn(() => import('./sentry-sdk'));
    uninstall = installSentry({ settings, load, whenFirstScreenDone: firstScreenDone });
    raiseError(new Error('before a choice'));
    setConsent('denied');
    raiseError(new Error('after reject'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).not.toHaveBeenCalled();
    expect(sdk.init).not.toHaveBeenCalled();
    setConsent('granted');
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
    // The errors from before Accept stay unsent, as the server's reports do.
    expect(sdk.captureException).not.toHaveBeenCalled();
  });

  it('waits for the country, then loads where no banner applies', async () => {
    const load = vi.fn(() => import('./sentry-sdk'));
    uninstall = installSentry({ settings, load, whenFirstScreenDone: firstScreenDone });
    const early = new Error('while the country was looked up');
    raiseError(early);
    expect(load).not.toHaveBeenCalled();
    setVisitorCountry('US');
    await vi.waitFor(() => expect(sdk.captureException).toHaveBeenCalledWith(early));
  });

  it('starts Sentry with the DSN, the release and the environment, errors only, nothing about the person', async () => {
    setVisitorCountry('US');
    uninstall = installSentry({ settings, whenFirstScreenDone: firstScreenDone });
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalled());
    const options = started();
    expect(options).toMatchObject({
      dsn: DSN,
      environment: 'staging',
      release: 'development',
      defaultIntegrations: false,
      sendClientReports: false,
      dataCollection: { userInfo: false, cookies: false, httpBodies: [], urlQueryParams: false },
    });
    expect(
      (options.integrations as { name: string }[]).map((integration) => integration.name).sort(),
    ).toEqual(['Breadcrumbs', 'BrowserApiErrors', 'Dedupe', 'GlobalHandlers', 'HttpContext', 'LinkedErrors']);
  });

  it("scrubs each event as the server scrubs a report, and sends none after Reject or past the page's few", async () => {
    setVisitorCountry('US');
    uninstall = installSentry({ settings, whenFirstScreenDone: firstScreenDone });
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalled());
    const { beforeSend, beforeBreadcrumb } = started();
    const event = (): ErrorEvent => ({
      type: undefined,
      message: 'no account for jane@example.com',
      exception: {
        values: [
          {
            type: 'Error',
            value: 'code 123456 refused at https://stillpoint.app/redeem?code=ABCD-EFGH',
            stacktrace: {
              frames: [
                { filename: 'https://stillpoint.app/assets/index-DkV2x7Yq.js?v=1', lineno: 1, colno: 2 },
              ],
            },
          },
        ],
      },
      request: {
        url: 'https://stillpoint.app/reset?token=abc',
        headers: { 'User-Agent': 'Mozilla/5.0', Referer: 'https://stillpoint.app/signin?code=123456' },
        query_string: 'token=abc',
        cookies: { session: 'x' },
      },
      user: { id: 'u1', ip_address: '{{auto}}' },
      extra: { typed: '+44 7700 900123' },
      breadcrumbs: [{ category: 'navigation', data: { from: '/', to: '/redeem?code=ABCD-EFGH' } }],
    });
    const sent = await beforeSend?.(event(), {});
    expect(sent).toEqual({
      type: undefined,
      message: 'no account for [email]',
      exception: {
        values: [
          {
            type: 'Error',
            value: 'code [code] refused at https://stillpoint.app/redeem',
            stacktrace: {
              frames: [{ filename: 'https://stillpoint.app/assets/index-DkV2x7Yq.js', lineno: 1, colno: 2 }],
            },
          },
        ],
      },
      request: { url: 'https://stillpoint.app/reset', headers: { 'User-Agent': 'Mozilla/5.0' } },
      breadcrumbs: [{ category: 'navigation', data: { from: '/', to: '/redeem' } }],
    });
    const crumb: Breadcrumb = {
      category: 'fetch',
      message: 'mail to jane@example.com',
      data: { method: 'GET', url: '/api/getDeepLink?code=Zz9', status_code: 200, body: { secret: 'x' } },
    };
    expect(beforeBreadcrumb?.(crumb)).toEqual({
      category: 'fetch',
      message: 'mail to [email]',
      data: { method: 'GET', url: '/api/getDeepLink', status_code: 200 },
    });

    for (let n = 1; n < 5; n++) expect(await beforeSend?.(event(), {})).not.toBeNull();
    expect(await beforeSend?.(event(), {})).toBeNull();
  });

  it('sends nothing once the person rejects, though the SDK has loaded', async () => {
    setVisitorCountry('DE');
    setConsent('granted');
    uninstall = installSentry({ settings, whenFirstScreenDone: firstScreenDone });
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalled());
    setConsent('denied');
    expect(await started().beforeSend?.({ type: undefined, message: 'after reject' }, {})).toBeNull();
  });

  it('gives the SDK, once loaded, the page’s errors to hear itself', async () => {
    setVisitorCountry('US');
    uninstall = installSentry({ settings, whenFirstScreenDone: firstScreenDone });
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalled());
    raiseError(new Error('after the SDK'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Its own handlers (mocked away here) take it: not captured twice.
    expect(sdk.captureException).not.toHaveBeenCalled();
  });

  it('survives an SDK that cannot load', async () => {
    setVisitorCountry('US');
    const load = vi.fn(() => Promise.reject(new Error('chunk gone')));
    uninstall = installSentry({ settings, load, whenFirstScreenDone: firstScreenDone });
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    expect(() => raiseError(new Error('still fine'))).not.toThrow();
  });
});

describe('the first screen done', () => {
  it('at the first tap, before the page is idle, once', () => {
    const run = vi.fn();
    afterFirstScreen(window, run);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('when the loaded page is next idle', async () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      afterFirstScreen(window, run);
      expect(run).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(5000);
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
