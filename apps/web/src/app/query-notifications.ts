import { defaultScheduler, notifyManager } from '@tanstack/react-query';

/**
 * Holds TanStack Query's notifications to React while the app takes over a first screen drawn at
 * build time, and returns the release. React hands a query's news to its components through
 * `useSyncExternalStore`, whose updates are always synchronous: one arriving mid-hydration (the
 * session check's answer, a query starting) makes React hydrate the rest of the page in one long
 * task instead of in slices (Lighthouse's Total Blocking Time). Held news is delivered, in order,
 * right after the page is taken over; nothing is lost, only moved past the hydration.
 */
export function holdQueryNotifications(): () => void {
  const held: Array<() => void> = [];
  notifyManager.setScheduler((callback) => {
    held.push(callback);
  });
  return () => {
    notifyManager.setScheduler(defaultScheduler);
    for (const callback of held.splice(0)) defaultScheduler(callback);
  };
}
