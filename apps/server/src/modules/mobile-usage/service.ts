import { type ReportedApp, type ReportMobileUsageBody, reportedAppKey } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { ensureProfile } from '../account/repo';
import { knownSupportedAppIds, listUserApps, type MobileAppRow } from '../apps/repo';
import { updateProfile, upsertScreenTime } from '../profile/repo';
import { type AppValues, deleteAppsExcept, insertApps, lockProfile, updateApp, upsertWeeks } from './repo';

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

async function refuseUnknownApps(db: Database, apps: readonly ReportedApp[]): Promise<void> {
  const ids = [...new Set(apps.flatMap((app) => (app.supportedAppId ? [app.supportedAppId] : [])))];
  const known = await knownSupportedAppIds(db, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `Unknown supportedAppId: ${unknown.join(', ')}. getSupportedApps lists the known ones; send other apps by name.`,
    );
  }
}

/** Makes the user's apps exactly the reported list: matched by catalogue id, else by name. */
async function replaceApps(tx: Database, userId: string, apps: readonly ReportedApp[]): Promise<void> {
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

/**
 * Applies one report from the phone app. Each part replaces what was stored (screen time for that
 * day, the streak start, each app and its week), so sending the same report twice changes nothing.
 * Reports of one user are applied one at a time under a lock on their profile row.
 */
export async function reportMobileUsage(
  db: Database,
  user: SessionUser,
  body: ReportMobileUsageBody,
): Promise<{ ok: true; apps: number }> {
  if (body.apps) await refuseUnknownApps(db, body.apps);
  return db.transaction(async (tx) => {
    await ensureProfile(tx, user.id, user.name);
    await lockProfile(tx, user.id);
    await updateProfile(tx, user.id, {
      ...(body.timezoneOffsetMinutes !== undefined
        ? { timezoneOffsetMinutes: body.timezoneOffsetMinutes }
        : {}),
      ...(body.streakStarted !== undefined ? { streakStarted: body.streakStarted } : {}),
    });
    if (body.screenTimeMinutesToday !== undefined) {
      await upsertScreenTime(tx, user.id, body.userDay, body.screenTimeMinutesToday);
    }
    if (body.apps) await replaceApps(tx, user.id, body.apps);
    return { ok: true as const, apps: (await listUserApps(tx, user.id)).length };
  });
}
