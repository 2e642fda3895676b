/** Phone-card rules (SPEC §2): per-app usage today and when to offer mobile setup instead. */

export interface AppUsage {
  totalAppOpens: number;
  totalMinutesUsed: number;
}

/** Today's entry (currentWeekSessions[0]) is the one the phone card shows; no entry means no use yet. */
export function appUsageToday(app: { currentWeekSessions: readonly AppUsage[] }): AppUsage {
  return app.currentWeekSessions[0] ?? { totalAppOpens: 0, totalMinutesUsed: 0 };
}

/** The progress bar turns red once opens exceed the budget (reaching it is still fine). */
export const isOverAppBudget = (opens: number, budget: number): boolean => opens > budget;

/** 'Mobile setup' replaces the summary only when nothing has come from a phone yet. */
export const needsMobileSetup = (appCount: number, screenTimeTodayMinutes: number): boolean =>
  appCount === 0 && screenTimeTodayMinutes === 0;

/** The row title: the supported app's name, else the app's own, else 'Unknown'. */
export function appDisplayName(
  app: { supportedAppId: string | null; name: string | null },
  supportedApps: readonly { id: string; name: string }[],
): string {
  const supported = supportedApps.find((candidate) => candidate.id === app.supportedAppId);
  return supported?.name ?? app.name ?? 'Unknown';
}
