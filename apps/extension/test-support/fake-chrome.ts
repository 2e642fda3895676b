import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FIRST_SCREEN_PATH } from '../src/breathe/first-screen';
import type { Platform, RedirectRule } from '../src/platform/types';

/** The fake extension's own origin, as chrome-extension://<id>. */
export const FAKE_EXTENSION_ORIGIN = 'chrome-extension://fakeextensionid';

/**
 * In-memory Chrome for the extension's unit tests. Storage, alarms, tabs and runtime come from
 * WXT's fake browser (@webext-core/fake-browser); it has no declarativeNetRequest, so a small one
 * lives here that also answers "where would Chrome send this navigation?" the way Chrome's
 * matcher does for the fields Stillpoint uses. Time is a manual clock.
 */

export const EXTENSION_ORIGIN = `chrome-extension://${fakeBrowser.runtime.id}`;

/** Chrome's rules for the redirect rules it accepts, so a malformed rule fails the test. */
function validate(rule: RedirectRule) {
  if (!Number.isInteger(rule.id) || rule.id < 1)
    throw new Error(`Rule id must be a positive integer: ${rule.id}`);
  new RegExp(rule.condition.regexFilter);
  if (!rule.condition.resourceTypes.includes('main_frame')) throw new Error('Expected main_frame rules');
}

// Chrome matches requestDomains on the host without its trailing dot ('youtube.com.' is youtube.com).
const belongs = (host: string, domain: string) => {
  const bare = host.endsWith('.') ? host.slice(0, -1) : host;
  return bare === domain || bare.endsWith(`.${domain}`);
};

export function createFakeDnr() {
  const rules = new Map<number, RedirectRule>();
  let updates = 0;
  return {
    async getDynamicRules(): Promise<RedirectRule[]> {
      return structuredClone([...rules.values()]);
    },
    async updateDynamicRules(options: { removeRuleIds?: number[]; addRules?: RedirectRule[] }) {
      const next = new Map(rules);
      for (const id of options.removeRuleIds ?? []) next.delete(id);
      for (const rule of options.addRules ?? []) {
        validate(rule);
        if (next.has(rule.id)) throw new Error(`Rule with id ${rule.id} already exists`);
        next.set(rule.id, structuredClone(rule));
      }
      rules.clear();
      for (const [id, rule] of next) rules.set(id, rule);
      updates++;
    },
    get rules() {
      return [...rules.values()];
    },
    get updates() {
      return updates;
    },
    /** Where a top-level navigation to `url` goes: the redirect target, or null when no rule matches. */
    redirectFor(url: string): string | null {
      const host = new URL(url).hostname;
      for (const rule of [...rules.values()].sort((a, b) => b.priority - a.priority)) {
        const { condition } = rule;
        if (!condition.requestDomains.some((domain) => belongs(host, domain))) continue;
        if (condition.excludedRequestDomains?.some((domain) => belongs(host, domain))) continue;
        const match = new RegExp(condition.regexFilter).exec(url);
        if (!match) continue;
        return rule.action.redirect.regexSubstitution.replace(/\\0/g, match[0]);
      }
      return null;
    },
    /**
     * Where the tab ends up after a top-level navigation to `url`: the URL itself when no rule
     * matches, else where the one redirect leads (breathe's first screen).
     */
    navigate(url: string): string {
      return this.redirectFor(url) ?? url;
    },
    /** Whether a navigation to `url` is sent to breathe's first screen. */
    intercepts(url: string): boolean {
      return this.navigate(url).split('?')[0] === `${FAKE_EXTENSION_ORIGIN}${FIRST_SCREEN_PATH}`;
    },
  };
}

/**
 * Host access as Chrome grants it: `<all_urls>` (the development build's) covers every site;
 * otherwise a site has access once its own pattern was granted, as `chrome.permissions.request`
 * or chrome://extensions' "On specific sites" does.
 */
export function createFakePermissions(initial: readonly string[] = ['<all_urls>']) {
  const granted = new Set(initial);
  return {
    async contains({ origins }: { origins: string[] }): Promise<boolean> {
      if (granted.has('<all_urls>')) return true;
      return origins.every((origin) => granted.has(origin));
    },
    grant(...origins: string[]) {
      for (const origin of origins) granted.add(origin);
    },
    revoke(...origins: string[]) {
      for (const origin of origins) granted.delete(origin);
    },
    get granted() {
      return [...granted];
    },
  };
}

/** A fake server for the extension's API calls: handlers by path, every request recorded. */
export function createFakeServer() {
  type Handler = (request: { url: URL; body: unknown; headers: Headers }) => {
    status?: number;
    json: unknown;
  };
  const handlers = new Map<string, Handler>();
  const requests: { method: string; url: URL; body: unknown; headers: Headers }[] = [];
  let offline = false;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const headers = new Headers(init?.headers);
    requests.push({ method: init?.method ?? 'GET', url, body, headers });
    if (offline) throw new TypeError('Failed to fetch');
    const handler = handlers.get(url.pathname);
    if (!handler) {
      return Response.json({ success: false, code: 'NOT_FOUND', error: 'Not found' }, { status: 404 });
    }
    const { status = 200, json } = handler({ url, body, headers });
    return Response.json(json, { status });
  };
  return {
    fetch: fetchFn,
    requests,
    on(path: string, handler: Handler) {
      handlers.set(path, handler);
    },
    /** Answers `data` in the success envelope. */
    ok(path: string, data: unknown | ((request: { url: URL; body: unknown; headers: Headers }) => unknown)) {
      handlers.set(path, (request) => ({
        json: { success: true, data: typeof data === 'function' ? data(request) : data },
      }));
    },
    fail(path: string, status: number, code: string, error: string) {
      handlers.set(path, () => ({ status, json: { success: false, code, error } }));
    },
    setOffline(value: boolean) {
      offline = value;
    },
  };
}

/** A manual clock: timers fire only when the test advances time. */
export function createClock(start: number) {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimer(callback: () => void, ms: number) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimer(handle: unknown) {
      timers.delete(handle as number);
    },
    /** Moves time forward, firing due timers in order. */
    advance(ms: number) {
      const target = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= target)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].callback();
      }
      now = target;
    },
    pendingTimers: () => timers.size,
    /** What Chrome does to a stopped service worker's timers: they are gone. */
    dropTimers() {
      timers.clear();
    },
  };
}

/** Lets queued promise chains (storage writes, rule updates) settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface FakeChrome {
  platform: Platform;
  dnr: ReturnType<typeof createFakeDnr>;
  permissions: ReturnType<typeof createFakePermissions>;
  server: ReturnType<typeof createFakeServer>;
  clock: ReturnType<typeof createClock>;
  uninstallUrls: string[];
  warnings: string[];
  browser: typeof fakeBrowser;
}

/** A fresh fake Chrome. Call fakeBrowser.reset() between tests (the setup below does). */
export function createFakeChrome({ now = Date.UTC(2026, 0, 15, 12) } = {}): FakeChrome {
  const dnr = createFakeDnr();
  const permissions = createFakePermissions();
  const server = createFakeServer();
  const clock = createClock(now);
  const uninstallUrls: string[] = [];
  const warnings: string[] = [];
  const platform: Platform = {
    storage: fakeBrowser.storage.local,
    permissions,
    dnr,
    alarms: {
      create: (name, info) => fakeBrowser.alarms.create(name, info),
      clear: (name) => fakeBrowser.alarms.clear(name),
      get: (name) => fakeBrowser.alarms.get(name),
    },
    tabs: {
      query: (queryInfo) => fakeBrowser.tabs.query(queryInfo),
      update: (tabId, properties) => fakeBrowser.tabs.update(tabId, properties),
      create: (properties) => fakeBrowser.tabs.create(properties),
    },
    version: '0.1.0',
    pageUrl: (path) => `${FAKE_EXTENSION_ORIGIN}${path}`,
    setUninstallUrl: async (url) => {
      uninstallUrls.push(url);
    },
    fetch: server.fetch,
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    warn: (message) => {
      warnings.push(message);
    },
  };
  return { platform, dnr, permissions, server, clock, uninstallUrls, warnings, browser: fakeBrowser };
}
