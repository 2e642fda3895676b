import {
  APP_WEEKS_SHOWN,
  currentWeekSessions,
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
  deleteAppsExcept,
  insertApps,
  knownSupportedAppIds,
  listSupportedApps,
  listUserApps,
  type MobileAppRow,
  updateApp,
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
 * The phone card's apps for the browser's `userDay`: each with its weekly use, newest week first,
 * [0] being the week that contains userDay (zeros until the phone reports it). The most used this
 * week come first.
 */
export async function fetchApps(db: Database, userId: string, userDay: number): Promise<MobileApp[]> {
  const apps = await listUserApps(db, userId);
  // Only weeks that can appear in currentWeekSessions: started within the last APP_WEEKS_SHOWN weeks.
  const weeks = await weeklyUsageBetween(
    db,
    apps.map((app) => app.id),
    userDay - APP_WEEKS_SHOWN * WEEK_DAYS,
    userDay,
  );
  const result = apps.map((app) => ({
    id: app.id,
    supportedAppId: app.supportedAppId,
    name: app.name,
    budget: app.budget,
    domains: app.domains,
    currentWeekSessions: currentWeekSessions(
      weeks.filter((week) => week.mobileAppId === app.id),
      userDay,
    ),
  }));
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
 * app's reported week replaces what was stored for that week; apps left out are removed.
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
  await upsertWeeks(
    tx,
    apps.map((app) => {
      const mobileAppId = idByKey.get(reportedAppKey(app));
      if (!mobileAppId) throw new Error(`no stored app for ${reportedAppKey(app)}`);
      return { mobileAppId, ...app.week };
    }),
  );
}
