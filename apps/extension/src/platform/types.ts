/**
 * The slice of the Chrome extension APIs the background logic uses, as plain interfaces. The
 * service worker passes the real `browser` (see platform/chrome.ts); tests pass in-memory fakes.
 * Keeping the logic behind this seam is what lets it run, and be tested, outside Chrome.
 */

export interface StorageArea {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

/** A declarativeNetRequest rule, limited to the fields Stillpoint writes. */
export interface RedirectRule {
  id: number;
  priority: number;
  action: { type: 'redirect'; redirect: { regexSubstitution: string } };
  condition: {
    regexFilter: string;
    requestDomains: string[];
    excludedRequestDomains?: string[];
    resourceTypes: ['main_frame'];
  };
}

export interface DeclarativeNetRequest {
  getDynamicRules(): Promise<RedirectRule[]>;
  updateDynamicRules(options: { removeRuleIds?: number[]; addRules?: RedirectRule[] }): Promise<void>;
}

export interface Alarms {
  /** A one-off alarm at `when` (epoch ms), or a repeating one. */
  create(name: string, info: { when: number } | { periodInMinutes: number }): unknown;
  clear(name: string): Promise<boolean>;
  get(name: string): Promise<{ name: string; scheduledTime: number; periodInMinutes?: number } | undefined>;
}

export interface Tabs {
  query(queryInfo: Record<string, never>): Promise<{ id?: number; url?: string }[]>;
  update(tabId: number, properties: { url: string }): Promise<unknown>;
  create(properties: { url: string }): Promise<unknown>;
}

/** Host access granted on this browser (decision 045): checked per site before writing its rule. */
export interface Permissions {
  contains(permissions: { origins: string[] }): Promise<boolean>;
}

export interface Platform {
  storage: StorageArea;
  permissions: Permissions;
  dnr: DeclarativeNetRequest;
  alarms: Alarms;
  tabs: Tabs;
  /** The manifest version, reported by PULSE_CHECK. */
  version: string;
  /**
   * The address of one of the extension's own pages, under its fixed id. Redirect rules use it:
   * Chrome follows them there even though sites can reach web-accessible pages only through a
   * per-session id (use_dynamic_url), so no site can probe for Stillpoint.
   */
  pageUrl(path: string): string;
  setUninstallUrl(url: string): Promise<void>;
  fetch: typeof fetch;
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  warn(message: string, error?: unknown): void;
}
