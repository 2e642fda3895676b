import { accountEndpoints } from './schemas/account';
import { adminEndpoints } from './schemas/admin';
import { analyticsEndpoints } from './schemas/analytics';
import { appsEndpoints } from './schemas/apps';
import { authEndpoints } from './schemas/auth';
import { clientErrorsEndpoints } from './schemas/client-errors';
import { countryEndpoints } from './schemas/country';
import { feedbackEndpoints } from './schemas/feedback';
import { giftsEndpoints } from './schemas/gifts';
import { healthEndpoints } from './schemas/health';
import { insightsEndpoints } from './schemas/insights';
import { legacyImportEndpoints } from './schemas/legacy-import';
import { linksEndpoints } from './schemas/links';
import { mobileUsageEndpoints } from './schemas/mobile-usage';
import { newsletterEndpoints } from './schemas/newsletter';
import { onboardingEndpoints } from './schemas/onboarding';
import { paymentsEndpoints } from './schemas/payments';
import { profileEndpoints } from './schemas/profile';
import { quotesEndpoints } from './schemas/quotes';
import { referralEndpoints } from './schemas/referral';
import { settingsEndpoints } from './schemas/settings';
import { sitesEndpoints } from './schemas/sites';
import { subscriptionEndpoints } from './schemas/subscription';
import { userEndpoints } from './schemas/user';

export * from './endpoint';
export * from './envelope';
export * from './envelope-schemas';
export * from './errors';
export * from './idempotency';
export * from './request';
export * from './schemas/account';
export * from './schemas/admin';
export * from './schemas/analytics';
export * from './schemas/apps';
export * from './schemas/auth';
export * from './schemas/client-errors';
export * from './schemas/common';
export * from './schemas/country';
export * from './schemas/feedback';
export * from './schemas/fields';
export * from './schemas/gifts';
export * from './schemas/health';
export * from './schemas/insights';
export * from './schemas/legacy-import';
export * from './schemas/links';
export * from './schemas/mobile-usage';
export * from './schemas/newsletter';
export * from './schemas/onboarding';
export * from './schemas/payments';
export * from './schemas/profile';
export * from './schemas/quotes';
export * from './schemas/referral';
export * from './schemas/settings';
export * from './schemas/sites';
export * from './schemas/subscriber';
export * from './schemas/subscription';
export * from './schemas/user';
export * from './tracking-paths';
export * from './validation-messages';

/** Every call of the product's own server, keyed by name. Paths are relative to /api. */
export const endpoints = {
  ...healthEndpoints,
  ...userEndpoints,
  ...accountEndpoints,
  ...authEndpoints,
  ...sitesEndpoints,
  ...insightsEndpoints,
  ...settingsEndpoints,
  ...profileEndpoints,
  ...appsEndpoints,
  ...mobileUsageEndpoints,
  ...onboardingEndpoints,
  ...subscriptionEndpoints,
  ...paymentsEndpoints,
  ...giftsEndpoints,
  ...referralEndpoints,
  ...countryEndpoints,
  ...newsletterEndpoints,
  ...linksEndpoints,
  ...analyticsEndpoints,
  ...feedbackEndpoints,
  ...quotesEndpoints,
  ...legacyImportEndpoints,
  ...clientErrorsEndpoints,
  ...adminEndpoints,
} as const;
export type EndpointName = keyof typeof endpoints;
