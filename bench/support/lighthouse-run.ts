/**
 * One Lighthouse run as `bench:lighthouse` and `bench:lighthouse:pair` make it: a fresh Chromium
 * (fresh profile, empty cache) started by chrome-launcher, Lighthouse's default mobile settings,
 * the performance category only; a `signed-in:` page with the test person's stored session.
 */
import { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { isSignedIn, SIGNED_IN, type SignedIn, storedSignIn } from './signed-in-browser';

/**
 * A page given as `iphone:/path` is measured with Lighthouse's defaults but an iPhone's user agent:
 * /getting-started sends Android phones, Lighthouse's own included, to the Play Store (SPEC), so
 * with the default agent there is no page to score. Only the agent changes; the screen, the
 * throttling and the CPU slowdown stay Lighthouse's.
 */
export const IPHONE = 'iphone:';
export const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const RETRIES = 2;

export const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  // Nothing may leave the machine: every host name but the local server's fails to resolve. Chromium
  // itself still tries a few Google services at startup (sign-in, component updates, network
  // time); this makes those fail at once, and a page request to another origin fails and is reported.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  // Extra flags for one-off checks, e.g. `--log-net-log=/tmp/net.json` to see every request Chromium makes.
  ...(process.env.LIGHTHOUSE_CHROME_FLAGS ?? '').split(' ').filter(Boolean),
];
export const RESULTS_DIR = fileURLToPath(new URL('../.results/', import.meta.url));
export const REPORTS_DIR = `${RESULTS_DIR}lighthouse/`;

/** Lighthouse's metric audits, shown in this order. */
export const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
export type Metric = keyof typeof METRICS;

export interface Run {
  /** 0–100, null when Lighthouse could not score the page (runtimeError). */
  score: number | null;
  metrics: Record<Metric, number>;
  /** Requests the page made to any origin other than the local server. */
  externalRequests: string[];
  warnings: string[];
  error?: string;
  benchmarkIndex?: number;
  /** How many times the run was started again after Lighthouse failed to score it. */
  retries?: number;
}

export const isIphone = (page: string) => page.startsWith(IPHONE);
export const pagePathOf = (page: string) =>
  isSignedIn(page) ? page.slice(SIGNED_IN.length) : isIphone(page) ? page.slice(IPHONE.length) : page;

/** A command-line argument that names a page: a path, or one with its `signed-in:` or `iphone:` prefix. */
export const isPageArgument = (arg: string) =>
  arg.startsWith('/') || arg.startsWith(SIGNED_IN) || arg.startsWith(IPHONE);

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
};
export const median = (values: number[]) => quantile(values, 0.5);
export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
export const slug = (pagePath: string) =>
  pagePath.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9-]+/gi, '_') || 'root';

/** Lighthouse's and Chromium's versions, from the first report. */
let environment: { lighthouseVersion: string; userAgent: string } | undefined;

/** Anything an exit path must release: the server, and Chromium if a run is under way. */
export const cleanups = new Set<() => Promise<unknown>>();
export async function cleanUp() {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup().catch((error) => console.error('cleanup failed:', error));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping Chromium and the server...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/**
 * Stops Chromium and removes its profile and the directory of its singleton socket, which
 * Chromium leaves in the temporary directory when it is killed.
 */
async function stopChromium(chrome: LaunchedChrome | undefined, profile: string) {
  let socketDir: string | undefined;
  try {
    socketDir = path.dirname(readlinkSync(path.join(profile, 'SingletonSocket')));
  } catch {
    // Chromium never got that far.
  }
  await chrome?.kill();
  for (const dir of [profile, socketDir]) {
    if (dir?.startsWith(tmpdir())) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/**
 * Puts the session token where the web app keeps it, from a response of the server that loads
 * none of the app's files, so the browser's cache stays empty for the measured load.
 */
async function storeSession(port: number, origin: string, signedIn: SignedIn) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}/api/readyz`);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, storedSignIn(signedIn));
    await page.close();
  } finally {
    // Disconnects; the browser, started by chrome-launcher, stays for Lighthouse.
    await browser.close();
  }
}

/** One Lighthouse run in a fresh Chromium (fresh profile, no cache), as Lighthouse CI does. */
export async function runOnce(
  url: string,
  origin: string,
  signedIn?: SignedIn,
  userAgent?: string,
): Promise<{ run: Run; lhr?: Result }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'stillpoint-lighthouse-'));
  let chrome: LaunchedChrome | undefined;
  const kill = () => stopChromium(chrome, profile);
  cleanups.add(kill);
  try {
    chrome = await launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
      userDataDir: profile,
      handleSIGINT: false,
      logLevel: 'error',
    });
    if (signedIn) await storeSession(chrome.port, origin, signedIn);
    // No config and no emulation flags: Lighthouse's default (mobile) settings, its Android user
    // agent included (but for an `iphone:` page), as the scores the issue asks for are read. Only
    // the performance category is run, which changes neither the settings nor the score.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Lighthouse clears the origin's storage and the cache before loading; a signed-in page keeps
      // its storage (the profile is new, so the cache is empty all the same).
      disableStorageReset: signedIn !== undefined,
      ...(userAgent ? { emulatedUserAgent: userAgent } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    environment ??= { lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent };
    const items = lhr.audits['network-requests']?.details;
    const urls =
      items && items.type === 'table'
        ? items.items.map((item) => String(item.url ?? '')).filter(Boolean)
        : [];
    const score = lhr.categories.performance?.score;
    const run: Run = {
      score: typeof score === 'number' ? Math.round(score * 100) : null,
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? Number.NaN]),
      ) as Record<Metric, number>,
      externalRequests: urls.filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== origin),
      warnings: lhr.runWarnings.map(String),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
    if (lhr.runtimeError) run.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    return { run, lhr };
  } catch (error) {
    const metrics = Object.fromEntries(Object.keys(METRICS).map((key) => [key, Number.NaN]));
    return {
      run: {
        score: null,
        metrics: metrics as Record<Metric, number>,
        externalRequests: [],
        warnings: [],
        error: String(error),
      },
    };
  } finally {
    cleanups.delete(kill);
    await kill();
  }
}

/** Lighthouse's and Chromium's versions, from the first report of this process. */
export const lighthouseEnvironment = () => environment;

/**
 * `page`'s run at `url`. Lighthouse sometimes loses a trace (NO_NAVSTART and the like) and asks to
 * run again; a run is tried up to RETRIES more times before it counts as failed.
 */
export async function runPage(
  url: string,
  origin: string,
  page: string,
  signedIn: SignedIn | undefined,
  label: string,
): Promise<{ run: Run; lhr?: Result }> {
  const session = isSignedIn(page) ? signedIn : undefined;
  const userAgent = isIphone(page) ? IPHONE_USER_AGENT : undefined;
  let result = await runOnce(url, origin, session, userAgent);
  for (let retry = 1; retry <= RETRIES && result.run.score === null; retry++) {
    process.stderr.write(`  ${label}: ${result.run.error}; again\n`);
    result = await runOnce(url, origin, session, userAgent);
    result.run.retries = retry;
  }
  const { score, error, benchmarkIndex } = result.run;
  process.stderr.write(
    `  ${label}: ${score ?? 'no score'}, benchmarkIndex ${benchmarkIndex ?? '–'}${error ? ` (${error})` : ''}\n`,
  );
  return result;
}
