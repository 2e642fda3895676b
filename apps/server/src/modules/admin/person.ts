import {
  type AdminEntitlementSource,
  type AdminPerson,
  latestRunningSession,
  sessionEndsAtMs,
  userDay,
  utcUserDay,
} from '@stillpoint/core';
import { findAccounts } from '../../auth/known-users';
import { accountFacts } from '../../auth/privacy';
import { notFound } from '../../errors';
import { entitlementRowsOf, type SupportEntitlementView } from '../entitlements/support-grants';
import { giftPurchasesOf, giftRedemptionsBy } from '../gifts/support';
import { exportUser as paymentRecordsOf } from '../payments/privacy';
import { timezoneOffsetOf } from '../profile/service';
import { listSitesWithSessions } from '../sites/service';
import { auditEventsPage } from './audit';
import type { AdminDependencies } from './dependencies';
import { iso, toAdminGiftPurchases } from './gift-purchases';

export const personNotFound = () => notFound('That person');

/** Where an entitlement came from, in the console's words. */
export function sourceOf(row: Pick<SupportEntitlementView, 'store' | 'periodType'>): AdminEntitlementSource {
  switch (row.store) {
    case 'support':
      return 'support';
    case 'gift':
      return 'gift';
    case 'stripe':
      return 'web';
    case 'promotional':
      // The no-card trial; RevenueCat's other promotional grants come through the stores.
      return row.periodType === 'trial' ? 'trial' : 'store';
    default:
      return 'store';
  }
}

/** The person's account, or a 404: every per-person call starts here. */
export async function requirePerson(db: AdminDependencies['db'], uid: string) {
  const [account] = await findAccounts(db, { uids: [uid] }, 1);
  if (!account) throw personNotFound();
  return account;
}

/** Everything support needs to answer a question about one person (docs/support.md, "A person"). */
export async function getPerson(deps: AdminDependencies, uid: string): Promise<AdminPerson> {
  const { db, auth, providers, payments } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const account = await requirePerson(db, uid);
  const offset = await timezoneOffsetOf(db, uid);
  const today = offset === null ? utcUserDay(now) : userDay(now, offset);
  const [facts, entitlements, paymentRecords, giftPurchases, giftRedemptions, sites, audit, paid] =
    await Promise.all([
      accountFacts(auth, providers, uid),
      entitlementRowsOf(db, uid, now),
      paymentRecordsOf(db, uid),
      giftPurchasesOf(db, uid),
      giftRedemptionsBy(db, uid),
      listSitesWithSessions(db, uid, today, now.getTime()),
      auditEventsPage(db, { uid, limit: 100 }),
      payments.listPaymentsOf(uid),
    ]);
  const inForce = entitlements.filter((row) => row.inForce);
  const lifetime = inForce.some((row) => row.expiresAt === null);
  const lastEnd = Math.max(...inForce.map((row) => row.expiresAt?.getTime() ?? 0));
  return {
    account: {
      uid,
      phoneNumber: account.phoneNumber,
      email: account.email,
      createdAt: account.createdAt.toISOString(),
      signInMethods: facts?.signInMethods ?? [],
    },
    premium: {
      active: inForce.length > 0,
      until: inForce.length > 0 && !lifetime ? new Date(lastEnd).toISOString() : null,
    },
    entitlements: entitlements.map((row) => ({
      id: row.id,
      productIdentifier: row.productIdentifier,
      source: sourceOf(row),
      periodType: row.periodType,
      purchasedAt: row.purchasedAt.toISOString(),
      expiresAt: iso(row.expiresAt),
      inForce: row.inForce,
      sourceRef: row.sourceRef,
      isSandbox: row.isSandbox,
    })),
    subscriptions: paymentRecords.payment_subscription.map((subscription) => ({
      id: subscription.id,
      status: subscription.status,
      productIdentifier:
        entitlements.find((row) => row.sourceRef === subscription.id)?.productIdentifier ?? null,
      currentPeriodEnd: iso(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    })),
    payments: paid,
    giftPurchases: await toAdminGiftPurchases(deps, giftPurchases),
    giftRedemptions: giftRedemptions.map((redemption) => ({
      code: redemption.code,
      redeemedAt: redemption.redeemedAt.toISOString(),
      giftPurchaseId: redemption.giftPurchaseId,
    })),
    sites: sites.map((site) => {
      const running = latestRunningSession(site.activeSessions, now.getTime());
      return {
        siteOrigin: site.siteOrigin,
        budget: site.budget,
        sessionsToday: site.todaysSessions.length,
        activeSessionEndsAt: running ? new Date(sessionEndsAtMs(running)).toISOString() : null,
      };
    }),
    auditEvents: audit.events,
  };
}
