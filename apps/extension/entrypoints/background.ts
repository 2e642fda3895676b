import { browser } from 'wxt/browser';
import { createBackground } from '@/src/background-app';
import { buildConfig } from '@/src/config';
import { chromePlatform } from '@/src/platform/chrome';

/**
 * The service worker: registers Chrome's events synchronously (so they wake it) and hands them to
 * src/background-app.ts, where the logic lives.
 */
export default defineBackground(() => {
  const app = createBackground(chromePlatform(), buildConfig);

  browser.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
    void app.handleExternal(message, sender).then(sendResponse);
    return true;
  });

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id) return false;
    void app
      .handleInternal(message)
      .then(sendResponse)
      .catch(() => sendResponse(null));
    return true;
  });

  browser.alarms.onAlarm.addListener((alarm) => {
    void app.onAlarm(alarm.name);
  });

  // Host access granted or removed on this browser: which sites get a redirect rule changes.
  browser.permissions.onAdded.addListener(() => {
    void app.onAccessChanged();
  });
  browser.permissions.onRemoved.addListener(() => {
    void app.onAccessChanged();
  });

  browser.runtime.onInstalled.addListener(({ reason }) => {
    void app.onInstalled(reason);
  });

  // Having a listener makes Chrome start the worker when the browser starts; the wake below does the work.
  browser.runtime.onStartup.addListener(() => undefined);

  // Every start of the worker (install, browser start, or a wake-up for an event) re-applies the
  // rules from storage: sessions may have ended while it was stopped.
  void app.wake();
});
