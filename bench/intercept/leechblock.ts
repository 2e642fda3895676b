import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Worker } from '@playwright/test';

/**
 * LeechBlock NG, the blocker the intercept is compared with, as an unpacked copy of its Chrome
 * repository (never part of this one):
 *
 *   git clone https://github.com/proginosko/LeechBlockNG-chrome bench/.leechblock
 *   git -C bench/.leechblock checkout v1.7.2
 *
 * LEECHBLOCK_DIR points elsewhere, relative to where npm was run.
 */
const DEFAULT_DIR = fileURLToPath(new URL('../.leechblock/', import.meta.url));

export interface LeechBlockCopy {
  dir: string;
  version: string;
}

/** The unpacked copy to load, or where it was looked for when there is none. */
export function findLeechBlock(): { dir: string; copy: LeechBlockCopy | null } {
  const configured = process.env.LEECHBLOCK_DIR;
  const dir = configured ? path.resolve(process.env.INIT_CWD ?? process.cwd(), configured) : DEFAULT_DIR;
  const manifest = path.join(dir, 'manifest.json');
  if (!existsSync(manifest)) return { dir, copy: null };
  const { version, background } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    version: string;
    background?: { service_worker?: string };
  };
  if (background?.service_worker !== 'background.js') {
    throw new Error(`${dir} is not LeechBlock NG for Chrome (no background.js service worker).`);
  }
  return { dir, copy: { dir, version } };
}

/** LeechBlock's own state, read from its service worker's globals (background.js). */
interface LeechBlockState {
  gotOptions: boolean;
  sites: string;
  times: string;
  days: boolean[];
  blockURL: string;
  activeBlock: boolean;
  blockRE: string;
}

export interface LeechBlockInBrowser {
  id: string;
  /** Whether `url` is LeechBlock's blocking page. */
  isBlockedPage(url: URL): boolean;
  /** The blocked address its blocking page carries (`blocked.html?<set>&<url>`), or null. */
  blockedAddress(href: string): string | null;
  state: LeechBlockState;
}

/** The functions of LeechBlock's common.js and background.js that its options page saves with. */
interface LeechBlockGlobals {
  cleanOptions(options: Record<string, unknown>): void;
  cleanSites(sites: string): string;
  cleanTimePeriods(times: string): string;
  getRegExpSites(
    sites: string,
    matchSubdomains: unknown,
  ): { block: string; allow: string; refer: string; keyword: string };
  retrieveOptions(update: boolean): void;
}

/**
 * Sets block set 1 to `site` all day, every day, blocking immediately with the default blocking
 * page, and has the service worker reload its options. Its options page cannot run from the
 * repository (it needs jQuery UI, which the repository leaves out), so this does what the page's
 * saveOptions() does, with LeechBlock's own functions, in its service worker: every option at its
 * default (cleanOptions) except those a person changes for this, the site lists turned into
 * regular expressions (getRegExpSites), all written to storage.local; then what the worker does
 * on the page's "options" message (retrieveOptions). Resolves once the worker has the options.
 */
export async function blockWithLeechBlock(
  context: BrowserContext,
  site: string,
): Promise<LeechBlockInBrowser> {
  const isLeechBlock = (worker: Worker) => worker.url().endsWith('/background.js');
  const worker =
    context.serviceWorkers().find(isLeechBlock) ??
    (await context.waitForEvent('serviceworker', { predicate: isLeechBlock }));
  const id = new URL(worker.url()).host;

  await worker.evaluate(async (blocked) => {
    const leechBlock = globalThis as unknown as LeechBlockGlobals & {
      chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };
    };
    const options: Record<string, unknown> = {};
    leechBlock.cleanOptions(options);
    options.sites1 = leechBlock.cleanSites(blocked);
    options.times1 = leechBlock.cleanTimePeriods('0000-2400'); // the "All Day" button
    options.days1 = [true, true, true, true, true, true, true];
    options.activeBlock1 = true; // "Immediately block pages on these sites once blocking conditions are met"
    for (let set = 1; set <= Number(options.numSets); set++) {
      const regexps = leechBlock.getRegExpSites(String(options[`sites${set}`]), options.matchSubdomains);
      options[`blockRE${set}`] = regexps.block;
      options[`allowRE${set}`] = regexps.allow;
      options[`referRE${set}`] = regexps.refer;
      options[`keywordRE${set}`] = regexps.keyword;
    }
    await leechBlock.chrome.storage.local.set(options);
    leechBlock.retrieveOptions(true);
  }, site);

  const wanted = (state: LeechBlockState) =>
    state.gotOptions &&
    state.sites === site &&
    state.times === '0000-2400' &&
    state.days.length === 7 &&
    state.days.every(Boolean) &&
    state.activeBlock &&
    state.blockURL === 'blocked.html?$S&$U' &&
    state.blockRE !== '';
  const deadline = Date.now() + 15_000;
  let state = await readState(worker);
  while (!wanted(state)) {
    if (Date.now() > deadline) {
      throw new Error(`LeechBlock did not take its options: ${JSON.stringify(state)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await readState(worker);
  }

  const blockedPage = `chrome-extension://${id}/blocked.html?`;
  return {
    id,
    isBlockedPage: (url) =>
      url.protocol === 'chrome-extension:' && url.host === id && url.pathname === '/blocked.html',
    blockedAddress: (href) => {
      if (!href.startsWith(blockedPage)) return null;
      const rest = href.slice(blockedPage.length);
      const separator = rest.indexOf('&');
      return separator < 0 ? null : rest.slice(separator + 1);
    },
    state,
  };
}

function readState(worker: Worker): Promise<LeechBlockState> {
  return worker.evaluate(() => {
    const scope = globalThis as unknown as { gGotOptions: boolean; gOptions: Record<string, unknown> };
    const options = scope.gOptions;
    return {
      gotOptions: scope.gGotOptions,
      sites: String(options.sites1 ?? ''),
      times: String(options.times1 ?? ''),
      days: Array.isArray(options.days1) ? (options.days1 as boolean[]) : [],
      blockURL: String(options.blockURL1 ?? ''),
      activeBlock: options.activeBlock1 === true,
      blockRE: String(options.blockRE1 ?? ''),
    };
  });
}
