import {
  APP_DAYS_SHOWN,
  dailyAppSessions,
  legacyWeekTotal,
  type MobileApp,
  type ReportedApp,
  reportedAppKey,
  type SupportedApp,
  WEEK_DAYS,
} from '@stillpoint/core';
import type { Database } from '../../db/client';
import { iconUrl } from './icons';
import {
  type AppValues,
  dailyUsageBetween,
  deleteAppsExcept,
  insertApps,
  knownSupportedAppIds,
  listSupportedApps,
  listUserApps,
  type MobileAppRow,
  updateApp,
  upsertDays,
  upsertWeeks,
  weeklyUsageBetween,
} from './repo';

export async function supportedApps(db: Database): Promise<SupportedApp[]> {
  const rows = await listSupportedApps(db);
  return rows.map((row) => ({ id: row.id, name: row.name, iconURL: iconUrl(row.iconPath) }));
}

/** The ids among `ids` that the catalogue does not know, in the order given. */
export async function unknownSupportedAppIds(db: Database, ids: readonly string[]): Promise<string[]> {
  const known = await knownSupportedAppIds(db, ids);
  return ids.filter((id) => !known.has(id));
}

const sortKey = (app: MobileApp) => (app.supportedAppId ?? app.name ?? '').toLowerCase();

/**
 * The phone card's apps for the browser's `userDay`: each with its use on that day and the six
 * before it, newest first, so [0] is that day (zeros until the phone reports it) and is what the
 * daily budget is measured against. A week total from an older phone build comes apart, as
 * legacyWeekTotal, only for a week with no day reported. The most used today come first.
 */
export async function fetchApps(db: Database, userId: string, userDay: number): Promise<MobileApp[]> {
  const apps = await listUserApps(db, userId);
  const appIds = apps.map((app) => app.id);
  // The days shown, and the rest of any week holding userDay: a day reported later in that week
  // still means the week is reported per day.
  const days = await dailyUsageBetween(db, appIds, userDay - APP_DAYS_SHOWN + 1, userDay + WEEK_DAYS - 1);
  // Only weeks that can hold userDay.
  const weeks = await weeklyUsageBetween(db, appIds, userDay - WEEK_DAYS, userDay);
  const result = apps.map((app): MobileApp => {
    const appDays = days
      .filter((row) => row.mobileAppId === app.id)
      .map((row) => ({
        userDay: row.userDay,
        totalAppOpens: row.appOpens,
        totalMinutesUsed: row.minutesUsed,
      }));
    return {
      id: app.id,
      supportedAppId: app.supportedAppId,
      name: app.name,
      budget: app.budget,
      domains: app.domains,
      currentWeekSessions: dailyAppSessions(appDays, userDay),
      legacyWeekTotal: legacyWeekTotal(
        weeks.filter((week) => week.mobileAppId === app.id),
        appDays.map((row) => row.userDay),
        userDay,
      ),
    };
  });
  const minutes = (app: MobileApp) => app.currentWeekSessions[0]?.totalMinutesUsed ?? 0;
  return result.sort((a, b) => minutes(b) - minutes(a) || sortKey(a).localeCompare(sortKey(b)));
}

export const userAppCount = async (db: Database, userId: string): Promise<number> =>
  (await listUserApps(db, userId)).length;

const storedKey = (row: { supportedAppId: string | null; name: string | null }) =>
  reportedAppKey({ supportedAppId: row.supportedAppId ?? undefined, name: row.name ?? undefined });

const valuesOf = (app: ReportedApp): AppValues => ({
  supportedAppId: app.supportedAppId ?? null,
  name: app.name ?? null,
  budget: app.budget,
  domains: app.domains,
});

const unchanged = (row: MobileAppRow, values: AppValues) =>
  row.name === values.name &&
  row.budget === values.budget &&
  row.domains.length === values.domains.length &&
  row.domains.every((domain, index) => domain === values.domains[index]);

/**
 * Makes the user's apps exactly the reported list: matched by catalogue id, else by name. Each
 * reported day replaces what was stored for that app and day (and a week from an older phone
 * build, that week); apps left out are removed.
 */
export async function replaceUserApps(
  tx: Database,
  userId: string,
  apps: readonly ReportedApp[],
): Promise<void> {
  const existing = new Map((await listUserApps(tx, userId)).map((row) => [storedKey(row), row]));
  const idByKey = new Map<string, string>();
  const fresh: AppValues[] = [];
  for (const app of apps) {
    const values = valuesOf(app);
    const row = existing.get(reportedAppKey(app));
    if (!row) {
      fresh.push(values);
      continue;
    }
    idByKey.set(reportedAppKey(app), row.id);
    if (!unchanged(row, values)) await updateApp(tx, row.id, values);
  }
  for (const inserted of await insertApps(tx, userId, fresh)) idByKey.set(storedKey(inserted), inserted.id);
  await deleteAppsExcept(tx, userId, [...idByKey.values()]);
  const stored = apps.map((app) => {
    const mobileAppId = idByKey.get(reportedAppKey(app));
    if (!mobileAppId) throw new Error(`no stored app for ${reportedAppKey(app)}`);
    return { mobileAppId, app };
  });
  await upsertDays(
    tx,
    stored.flatMap(({ mobileAppId, app }) => (app.days ?? []).map((day) => ({ mobileAppId, ...day }))),
  );
  await upsertWeeks(
    tx,
    stored.flatMap(({ mobileAppId, app }) => (app.week ? [{ mobileAppId, ...app.week }] : [])),
  );
}
