import { z } from 'zod/mini';
import { FEEDBLOCKING_SETTING_KEYS, type FeedblockingSettingKey } from '../../constants/feedblocking';
import { defineEndpoint } from '../endpoint';

const flag = (key: FeedblockingSettingKey) => z.boolean({ error: `${key} must be true or false` });

/** The six feedblocking switches (SPEC §3). */
export const feedblockingSettingsSchema = z.object({
  facebookFeedblocking: flag('facebookFeedblocking'),
  youtubeFeedblocking: flag('youtubeFeedblocking'),
  twitterFeedblocking: flag('twitterFeedblocking'),
  linkedinFeedblocking: flag('linkedinFeedblocking'),
  instagramFeedblocking: flag('instagramFeedblocking'),
  redditFeedblocking: flag('redditFeedblocking'),
});

/** An update names one or more of the six keys; the others keep their value. */
export const updateBrowserSiteSettingsBodySchema = z
  .strictObject(z.partial(feedblockingSettingsSchema).shape)
  .check(
    z.refine((body) => Object.keys(body).length > 0, {
      message: `Send at least one of ${FEEDBLOCKING_SETTING_KEYS.join(', ')}`,
    }),
  );

export const settingsEndpoints = {
  getBrowserSiteSettings: defineEndpoint({
    method: 'GET',
    path: '/getBrowserSiteSettings',
    summary: "The user's feedblocking switches; null until set up (the home page then offers Finish setup).",
    auth: 'user',
    response: z.nullable(feedblockingSettingsSchema),
  }),
  updateBrowserSiteSettings: defineEndpoint({
    method: 'POST',
    path: '/updateBrowserSiteSettings',
    summary: 'Turn feedblocking on or off per site. Missing keys default to on the first time.',
    auth: 'user',
    body: updateBrowserSiteSettingsBodySchema,
    response: feedblockingSettingsSchema,
  }),
};
