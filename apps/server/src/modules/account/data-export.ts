import { type AccountExport, exportReadme } from '@stillpoint/core';
import { exportUser as exportAuth } from '../../auth/privacy';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { exportUser as exportAdEvents } from '../ad-events/privacy';
import { exportUser as exportAdmin } from '../admin/privacy';
import { exportUser as exportAgreements } from '../agreements/privacy';
import { exportUser as exportAnalytics } from '../analytics/privacy';
import { exportUser as exportApps } from '../apps/privacy';
import { exportUser as exportClientErrors } from '../client-errors/privacy';
import { exportUser as exportDeepLinks } from '../deep-links/privacy';
import { exportUser as exportEntitlements } from '../entitlements/privacy';
import { exportUser as exportFeedback } from '../feedback/privacy';
import { exportUser as exportGifts } from '../gifts/privacy';
import { exportUser as exportInsights } from '../insights/privacy';
import { exportUser as exportNewsletter } from '../newsletter/privacy';
import { exportUser as exportOnboarding } from '../onboarding/privacy';
import { exportUser as exportPayments } from '../payments/privacy';
import { exportUser as exportProfile } from '../profile/privacy';
import { storedTrialEmail } from '../profile/service';
import { exportUser as exportReferrals } from '../referrals/privacy';
import { exportUser as exportSettings } from '../settings/privacy';
import { exportUser as exportSites } from '../sites/privacy';
import { exportUser as exportTrialReminders } from '../trial-reminders/privacy';
import { EXPORTED_TABLES, ruleOf } from './data-map';

type Rows = readonly object[];

/** A value as JSON holds it: instants as ISO 8601, big numbers as text. */
function plainValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** One row as the export shows it: plain JSON values, and never a column the data map calls secret. */
function plainRow(row: object, secret: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !secret.includes(column))
      .map(([column, value]) => [column, plainValue(value)]),
  );
}

/** The account's real e-mail addresses: its own (none for a phone account) and a trial link's. */
export async function emailsOf(db: Database, user: Pick<SessionUser, 'id' | 'email'>): Promise<string[]> {
  const trialEmail = await storedTrialEmail(db, user.id);
  return [...new Set([user.email, trialEmail].filter((email): email is string => Boolean(email)))];
}

/**
 * Everything Stillpoint keeps about the signed-in person, table by table (docs/privacy.md,
 * "Export"): each owning module lists the person's rows, and the data map says which tables are
 * listed and which columns never are (tokens, codes, unsubscribe keys). Nothing of anyone else: a
 * gift's codes leave out who redeemed them.
 */
export async function exportAccount(
  db: Database,
  user: SessionUser,
  now: Date,
  origin: string,
): Promise<AccountExport> {
  const emails = await emailsOf(db, user);
  const parts: Record<string, Rows>[] = await Promise.all([
    exportAuth(db, user.id),
    exportProfile(db, user.id),
    exportSites(db, user.id),
    exportInsights(db, user.id),
    exportSettings(db, user.id),
    exportOnboarding(db, user.id),
    exportApps(db, user.id),
    exportEntitlements(db, user.id),
    exportPayments(db, user.id),
    exportTrialReminders(db, user.id),
    exportGifts(db, user.id, emails),
    exportAgreements(db, user.id, emails).then((rows) => ({ terms_agreement: rows })),
    exportNewsletter(db, emails),
    exportFeedback(db, user.id),
    exportAnalytics(db, user.id),
    exportAdEvents(db, user.id),
    exportClientErrors(db, user.id),
    exportReferrals(db, user.id),
    exportDeepLinks(db, user.id),
    exportAdmin(db, user.id),
  ]);
  const data: Record<string, Record<string, unknown>[]> = Object.fromEntries(
    EXPORTED_TABLES.map((table) => [table, []]),
  );
  for (const part of parts) {
    for (const [table, rows] of Object.entries(part)) {
      const rule = ruleOf(table);
      // A table the map does not export is a mistake in the code, not the person's data to hand out.
      if (rule?.export !== 'rows') throw new Error(`the data map does not export ${table}`);
      data[table] = rows.map((row) => plainRow(row, rule.secret ?? []));
    }
  }
  return {
    readme: exportReadme(Object.keys(data), origin),
    exportedAt: now.toISOString(),
    format: 1,
    uid: user.id,
    data,
  };
}
