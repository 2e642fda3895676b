import type { ExtensionConfig } from './config';
import { createEnforcer, SESSION_END_ALARM } from './intercept/enforcer';
import { POPUP_REFRESH } from './internal-messages';
import { createLegacyDataConverter } from './legacy-data';
import { createMessageHandler, type MessageSender } from './messages/handler';
import type { Platform } from './platform/types';
import { createStorageMigrator } from './storage-format';
import { createStore } from './store';
import { createOutcomeQueue } from './sync/outcomes';
import { createSync, SYNC_ALARM, SYNC_PERIOD_MINUTES, type SyncOutcome } from './sync/sync';
import { setUninstallAddress } from './uninstall-url';
import { openWelcome } from './welcome';

/**
 * The service worker's behaviour, independent of Chrome's globals: entrypoints/background.ts
 * registers Chrome's events and forwards them here. Chrome stops the worker when idle; `wake`
 * runs each time it starts, so enforcement is recomputed from storage after every restart.
 */
export function createBackground(platform: Platform, config: ExtensionConfig) {
  const store = createStore(platform.storage);
  const enforcer = createEnforcer(platform, store, config);
  const outcomes = createOutcomeQueue(platform, store);
  const sync = createSync(platform, store, enforcer, outcomes);
  const convertLegacyData = createLegacyDataConverter(platform, store);
  const migrateStorage = createStorageMigrator(platform);
  const handleExternal = createMessageHandler({
    platform,
    store,
    sync,
    enforcer,
    config,
    outcomes,
    convertLegacyData,
  });

  async function wake(): Promise<void> {
    // Before anything reads storage: an update may have left it in an older format.
    await migrateStorage();
    await convertLegacyData();
    const auth = await store.getAuth();
    await setUninstallAddress(platform, store, auth?.origin ?? config.defaultOrigin);
    if (!(await platform.alarms.get(SYNC_ALARM))) {
      platform.alarms.create(SYNC_ALARM, { periodInMinutes: SYNC_PERIOD_MINUTES });
    }
    await enforcer.apply();
    const cache = await store.getSites();
    const stale = !cache || platform.now() - cache.fetchedAt > SYNC_PERIOD_MINUTES * 60_000;
    if (auth && stale) await sync.refresh();
  }

  /**
   * A new install opens the welcome page (not an update, nor Chrome's own update). An update can
   * bring an older storage format and the previous version's data along; both steps are idempotent.
   */
  async function onInstalled(reason: string): Promise<void> {
    if (reason === 'install') {
      await migrateStorage();
      await openWelcome(platform, store, config);
    } else if (reason === 'update') {
      await migrateStorage();
      await convertLegacyData();
    }
  }

  async function onAlarm(name: string): Promise<void> {
    if (name === SESSION_END_ALARM) await enforcer.apply();
    else if (name === SYNC_ALARM) await sync.refresh();
  }

  /**
   * Host access was granted or taken back (the popup's "Grant access", or Chrome's own site
   * access menu): the rules follow at once, so a site granted now is intercepted from its next
   * navigation.
   */
  async function onAccessChanged(): Promise<void> {
    await enforcer.apply();
  }

  async function handleInternal(
    message: unknown,
  ): Promise<{ status: 'success'; outcome: SyncOutcome } | null> {
    if (typeof message !== 'object' || message === null) return null;
    if ((message as { type?: unknown }).type !== POPUP_REFRESH) return null;
    return { status: 'success', outcome: await sync.refresh() };
  }

  return {
    wake,
    onInstalled,
    onAlarm,
    onAccessChanged,
    handleInternal,
    handleExternal: (message: unknown, sender: MessageSender) => handleExternal(message, sender),
    store,
    enforcer,
    sync,
    outcomes,
  };
}
export type Background = ReturnType<typeof createBackground>;
