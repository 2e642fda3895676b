import {
  APP_WEEKS_SHOWN,
  currentWeekSessions,
  type MobileApp,
  type SupportedApp,
  WEEK_DAYS,
} from '@stillpoint/core';
import type { Database } from '../../db/client';
import { iconUrl } from './icons';
import { listSupportedApps, listUserApps, weeklyUsageBetween } from './repo';

export async function supportedApps(db: Database): Promise<SupportedApp[]> {
  const rows = await listSupportedApps(db);
  return rows.map((row) => ({ id: row.id, name: row.name, iconURL: iconUrl(row.iconPath) }));
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
