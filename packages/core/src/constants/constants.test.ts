import { describe, expect, it } from 'vitest';
import { feedblockingSettingsSchema } from '../api/schemas/settings';
import { DEFAULT_FEEDBLOCKING_SETTINGS, FEEDBLOCKING_SETTING_KEYS } from './feedblocking';
import { MAX_SESSION_LENGTH_MS, SESSION_LENGTHS_MINUTES } from './limits';
import { priceAmountsCents, priceKeys } from './plans';
import {
  BIENNIAL_PRODUCT_IDS,
  LIFETIME_PRODUCT_IDS,
  MONTHLY_PRODUCT_IDS,
  productIds,
  YEARLY_PRODUCT_IDS,
} from './products';

describe('constants agree with each other', () => {
  it('has one setting key per feedblocking site, matching the settings schema, all on by default', () => {
    expect(FEEDBLOCKING_SETTING_KEYS).toEqual([
      'facebookFeedblocking',
      'youtubeFeedblocking',
      'twitterFeedblocking',
      'linkedinFeedblocking',
      'instagramFeedblocking',
      'redditFeedblocking',
    ]);
    expect(Object.keys(feedblockingSettingsSchema.shape)).toEqual(FEEDBLOCKING_SETTING_KEYS);
    expect(Object.values(DEFAULT_FEEDBLOCKING_SETTINGS).every(Boolean)).toBe(true);
  });

  it('allows sessions up to the longest offered length', () => {
    expect(Math.max(...SESSION_LENGTHS_MINUTES) * 60_000).toBe(MAX_SESSION_LENGTH_MS);
  });

  it('prices every price entry', () => {
    expect(Object.keys(priceAmountsCents).sort()).toEqual([...priceKeys].sort());
    expect(priceAmountsCents.biennial90Dollars).toBe(9000);
  });

  it('gives every product exactly one plan name family', () => {
    const families = [
      ...MONTHLY_PRODUCT_IDS,
      ...YEARLY_PRODUCT_IDS,
      ...LIFETIME_PRODUCT_IDS,
      ...BIENNIAL_PRODUCT_IDS,
    ];
    expect(new Set(families).size).toBe(families.length);
    expect([...families].sort()).toEqual(Object.values(productIds).sort());
  });
});
