import { brand } from '@stillpoint/core';
import { browser } from 'wxt/browser';
import type { DeclarativeNetRequest, Platform, RedirectRule } from './types';

/**
 * The real Chrome APIs behind the Platform seam. Chrome's types describe rule fields as enums;
 * the string values Stillpoint writes are the same at runtime, hence the casts at this one edge.
 */
export function chromePlatform(): Platform {
  const dnr: DeclarativeNetRequest = {
    getDynamicRules: async () =>
      (await browser.declarativeNetRequest.getDynamicRules()) as unknown as RedirectRule[],
    updateDynamicRules: (options) =>
      browser.declarativeNetRequest.updateDynamicRules(
        options as unknown as Parameters<typeof browser.declarativeNetRequest.updateDynamicRules>[0],
      ),
  };
  return {
    storage: browser.storage.local,
    permissions: { contains: (permissions) => browser.permissions.contains(permissions) },
    dnr,
    alarms: {
      create: (name, info) => browser.alarms.create(name, info),
      clear: (name) => browser.alarms.clear(name),
      get: (name) => browser.alarms.get(name),
    },
    tabs: {
      query: (queryInfo) => browser.tabs.query(queryInfo),
      update: (tabId, properties) => browser.tabs.update(tabId, properties),
      create: (properties) => browser.tabs.create(properties),
    },
    version: browser.runtime.getManifest().version,
    pageUrl: (path) => `chrome-extension://${browser.runtime.id}${path}`,
    setUninstallUrl: (url) => browser.runtime.setUninstallURL(url),
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    warn: (message, error) => console.warn(`[${brand.name}] ${message}`, error ?? ''),
  };
}
