import type { ReportedApp, ReportMobileUsageBody } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { replaceUserApps, unknownSupportedAppIds, userAppCount } from '../apps/service';
import { recordScreenTime, updateProfile, withLockedProfile } from '../profile/service';

async function refuseUnknownApps(db: Database, apps: readonly ReportedApp[]): Promise<void> {
  const ids = [...new Set(apps.flatMap((app) => (app.supportedAppId ? [app.supportedAppId] : [])))];
  const unknown = await unknownSupportedAppIds(db, ids);
  if (unknown.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `Unknown supportedAppId: ${unknown.join(', ')}. getSupportedApps lists the known ones; send other apps by name.`,
    );
  }
}

/**
 * Applies one report from the phone app. Each part replaces what was stored (screen time for that
 * day, the streak start, each app and its days), so sending the same report twice changes nothing.
 * Reports of one user are applied one at a time under a lock on their profile row. This module
 * owns no table: the profile module keeps the profile and screen time, the apps module the apps.
 */
export async function reportMobileUsage(
  db: Database,
  user: SessionUser,
  body: ReportMobileUsageBody,
): Promise<{ ok: true; apps: number }> {
  if (body.apps) await refuseUnknownApps(db, body.apps);
  return withLockedProfile(db, user, async (tx) => {
    await updateProfile(tx, user.id, {
      ...(body.timezoneOffsetMinutes !== undefined
        ? { timezoneOffsetMinutes: body.timezoneOffsetMinutes }
        : {}),
      ...(body.streakStarted !== undefined ? { streakStarted: body.streakStarted } : {}),
    });
    if (body.screenTimeMinutesToday !== undefined) {
      await recordScreenTime(tx, user.id, body.userDay, body.screenTimeMinutesToday);
    }
    if (body.apps) await replaceUserApps(tx, user.id, body.apps);
    return { ok: true as const, apps: await userAppCount(tx, user.id) };
  });
}
