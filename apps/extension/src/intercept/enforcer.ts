import { breatheAddress } from '@stillpoint/core';
import { FIRST_SCREEN_PATH } from '../breathe/first-screen';
import type { ExtensionConfig } from '../config';
import type { Platform } from '../platform/types';
import type { Store } from '../store';
import { siteForUrl } from './matching';
import { interceptRules, planRuleUpdate } from './rules';
import { nextSessionEnd, runningSessionEnds, withoutEndedSessions } from './sessions';
import { sitesWithAccess } from './site-access';

/** The alarm that wakes the worker when the next session ends. */
export const SESSION_END_ALARM = 'session-end';
/** Timers may fire a hair early by the wall clock; this keeps a wake-up from landing just before an end. */
const TIMER_SLACK_MS = 5;

export interface Enforcement {
  /** Site id → when its running session ends (epoch ms). */
  running: Map<string, number>;
  /** Ids of sites that are intercepted now. */
  intercepted: string[];
}

/**
 * Makes Chrome's redirect rules match what the extension knows: each active site without a
 * running session, and with host access granted on this browser, is intercepted. Also schedules
 * the next session end (an alarm, which survives the worker stopping, and a precise timer while
 * it lives) and, when a session has ended, sends that site's open tabs back to the breathe page. Everything it needs is read from storage each
 * time, so it gives the same answer after the worker restarts.
 */
export function createEnforcer(platform: Platform, store: Store, config: ExtensionConfig) {
  let timer: unknown = null;
  let queue: Promise<unknown> = Promise.resolve();

  function schedule(nextEnd: number | null, now: number) {
    if (timer !== null) platform.clearTimer(timer);
    timer = null;
    if (nextEnd === null) {
      void platform.alarms.clear(SESSION_END_ALARM).catch(() => false);
      return;
    }
    // Chrome may run an alarm later than asked (about 30 s granularity for packed extensions);
    // the timer is exact while the worker lives, the alarm covers a worker that was stopped.
    platform.alarms.create(SESSION_END_ALARM, { when: nextEnd });
    timer = platform.setTimer(
      () => {
        timer = null;
        void apply();
      },
      Math.max(0, nextEnd - now) + TIMER_SLACK_MS,
    );
  }

  const firstScreenUrl = platform.pageUrl(FIRST_SCREEN_PATH);

  async function sendTabsBack(sites: { id: string; siteOrigin: string }[]) {
    const tabs = await platform.tabs.query({});
    for (const tab of tabs) {
      if (tab.id === undefined || !tab.url) continue;
      const site = siteForUrl(tab.url, sites);
      if (!site) continue;
      await platform.tabs
        .update(tab.id, { url: breatheAddress(firstScreenUrl, { siteId: site.id, returnUrl: tab.url }) })
        .catch((error: unknown) => platform.warn('Could not send a tab back to the breathe page.', error));
    }
  }

  async function enforce(): Promise<Enforcement> {
    const now = platform.now();
    const [auth, cache, storedSessions, ruleIds, previouslyOpen] = await Promise.all([
      store.getAuth(),
      store.getSites(),
      store.getLocalSessions(),
      store.getRuleIds(),
      store.getOpenSiteIds(),
    ]);
    const sessions = withoutEndedSessions(storedSessions, now);
    if (sessions.length !== storedSessions.length) await store.setLocalSessions(sessions);

    // Signed out, nothing is intercepted: the sites belong to an account.
    const sites = auth && cache ? cache.sites : [];
    const origin = auth?.origin ?? config.defaultOrigin;
    const running = runningSessionEnds(sites, sessions, now);
    const granted = await sitesWithAccess(
      platform.permissions,
      sites.filter((site) => site.active),
    );
    const {
      rules,
      ruleIds: nextRuleIds,
      interceptedSiteIds,
    } = interceptRules({
      sites,
      running: new Set(running.keys()),
      granted,
      ruleIds,
      webAppOrigin: origin,
      firstScreenUrl,
    });
    if (JSON.stringify(nextRuleIds) !== JSON.stringify(ruleIds)) await store.setRuleIds(nextRuleIds);

    const plan = planRuleUpdate(await platform.dnr.getDynamicRules(), rules);
    if (plan.removeRuleIds.length > 0 || plan.addRules.length > 0) {
      await platform.dnr.updateDynamicRules(plan);
    }

    const interceptedIds = new Set(interceptedSiteIds);
    // A session that ended since the last look (while the worker slept, too): its tabs go back.
    const ended = sites.filter((site) => previouslyOpen.includes(site.id) && interceptedIds.has(site.id));
    if (ended.length > 0) await sendTabsBack(ended);

    const open = [...running.keys()].sort();
    if (JSON.stringify(open) !== JSON.stringify([...previouslyOpen].sort())) await store.setOpenSiteIds(open);
    schedule(nextSessionEnd(running), now);
    return { running, intercepted: [...interceptedIds] };
  }

  /** Runs one enforcement after any already under way; never rejects (failures are logged). */
  function apply(): Promise<Enforcement | null> {
    const run = queue.then(enforce).catch((error: unknown) => {
      platform.warn('Could not update the intercept rules.', error);
      return null;
    });
    queue = run;
    return run;
  }

  return { apply };
}
export type Enforcer = ReturnType<typeof createEnforcer>;
