import type { EntitlementStore } from '../../db/schema';

/** Where people manage subscriptions bought in the phone stores. */
export const storeManagementUrls: Partial<Record<EntitlementStore, string>> = {
  app_store: 'https://apps.apple.com/account/subscriptions',
  play_store: 'https://play.google.com/store/account/subscriptions',
};

/** The page a web purchase's billing portal sends the person back to. */
export const SUBSCRIPTION_PAGE_PATH = '/subscription';
