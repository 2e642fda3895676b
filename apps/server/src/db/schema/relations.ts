import { relations } from 'drizzle-orm';
import { account, extensionExchangeToken, session, user } from './auth';
import { deepLink } from './deep-links';
import { feedbackMessage } from './feedback';
import { giftPurchase, redemptionCode } from './gifts';
import { mobileApp, mobileAppWeeklyUsage, mobileScreenTime, supportedApp } from './mobile';
import { onboardingAnswers, webFirstAnswers } from './onboarding';
import { paymentCustomer, paymentSubscription } from './payments';
import { profile } from './profile';
import { referralView } from './referral';
import { feedblockingSettings } from './settings';
import { browserSite, browserSiteSession } from './sites';
import { entitlement, freeTrial } from './subscriptions';

// Relations for Drizzle's relational queries (db.query.*). They live in one file so the
// table files do not import each other in cycles. The user/session/account keys follow
// the names Better Auth's schema generator uses, for its experimental joins.

export const userRelations = relations(user, ({ many, one }) => ({
  sessions: many(session),
  accounts: many(account),
  extensionExchangeTokens: many(extensionExchangeToken),
  browserSites: many(browserSite),
  browserSiteSessions: many(browserSiteSession),
  feedblockingSettings: one(feedblockingSettings),
  profile: one(profile),
  mobileApps: many(mobileApp),
  mobileScreenTime: many(mobileScreenTime),
  onboardingAnswers: one(onboardingAnswers),
  webFirstAnswers: one(webFirstAnswers),
  entitlements: many(entitlement),
  freeTrial: one(freeTrial),
  paymentCustomers: many(paymentCustomer),
  paymentSubscriptions: many(paymentSubscription),
  deepLinks: many(deepLink),
}));

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const extensionExchangeTokenRelations = relations(extensionExchangeToken, ({ one }) => ({
  user: one(user, { fields: [extensionExchangeToken.userId], references: [user.id] }),
}));

export const browserSiteRelations = relations(browserSite, ({ one, many }) => ({
  user: one(user, { fields: [browserSite.userId], references: [user.id] }),
  sessions: many(browserSiteSession),
}));

export const browserSiteSessionRelations = relations(browserSiteSession, ({ one }) => ({
  user: one(user, { fields: [browserSiteSession.userId], references: [user.id] }),
  site: one(browserSite, { fields: [browserSiteSession.siteId], references: [browserSite.id] }),
}));

export const feedblockingSettingsRelations = relations(feedblockingSettings, ({ one }) => ({
  user: one(user, { fields: [feedblockingSettings.userId], references: [user.id] }),
}));

export const profileRelations = relations(profile, ({ one }) => ({
  user: one(user, { fields: [profile.userId], references: [user.id] }),
}));

export const supportedAppRelations = relations(supportedApp, ({ many }) => ({
  mobileApps: many(mobileApp),
}));

export const mobileAppRelations = relations(mobileApp, ({ one, many }) => ({
  user: one(user, { fields: [mobileApp.userId], references: [user.id] }),
  supportedApp: one(supportedApp, { fields: [mobileApp.supportedAppId], references: [supportedApp.id] }),
  weeklyUsage: many(mobileAppWeeklyUsage),
}));

export const mobileAppWeeklyUsageRelations = relations(mobileAppWeeklyUsage, ({ one }) => ({
  mobileApp: one(mobileApp, { fields: [mobileAppWeeklyUsage.mobileAppId], references: [mobileApp.id] }),
}));

export const mobileScreenTimeRelations = relations(mobileScreenTime, ({ one }) => ({
  user: one(user, { fields: [mobileScreenTime.userId], references: [user.id] }),
}));

export const onboardingAnswersRelations = relations(onboardingAnswers, ({ one }) => ({
  user: one(user, { fields: [onboardingAnswers.userId], references: [user.id] }),
}));

export const webFirstAnswersRelations = relations(webFirstAnswers, ({ one }) => ({
  user: one(user, { fields: [webFirstAnswers.userId], references: [user.id] }),
}));

export const entitlementRelations = relations(entitlement, ({ one }) => ({
  user: one(user, { fields: [entitlement.userId], references: [user.id] }),
}));

export const freeTrialRelations = relations(freeTrial, ({ one }) => ({
  user: one(user, { fields: [freeTrial.userId], references: [user.id] }),
}));

export const paymentCustomerRelations = relations(paymentCustomer, ({ one }) => ({
  user: one(user, { fields: [paymentCustomer.userId], references: [user.id] }),
}));

export const paymentSubscriptionRelations = relations(paymentSubscription, ({ one }) => ({
  user: one(user, { fields: [paymentSubscription.userId], references: [user.id] }),
}));

export const giftPurchaseRelations = relations(giftPurchase, ({ one, many }) => ({
  purchaser: one(user, { fields: [giftPurchase.purchaserUserId], references: [user.id] }),
  codes: many(redemptionCode),
}));

export const redemptionCodeRelations = relations(redemptionCode, ({ one }) => ({
  giftPurchase: one(giftPurchase, { fields: [redemptionCode.giftPurchaseId], references: [giftPurchase.id] }),
  redeemedBy: one(user, { fields: [redemptionCode.redeemedByUserId], references: [user.id] }),
}));

export const referralViewRelations = relations(referralView, ({ one }) => ({
  referringUser: one(user, { fields: [referralView.referringUserId], references: [user.id] }),
}));

export const feedbackMessageRelations = relations(feedbackMessage, ({ one }) => ({
  user: one(user, { fields: [feedbackMessage.userId], references: [user.id] }),
}));

export const deepLinkRelations = relations(deepLink, ({ one }) => ({
  user: one(user, { fields: [deepLink.userId], references: [user.id] }),
}));
