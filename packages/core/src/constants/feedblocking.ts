/** SPEC §1 and §3: the six sites whose feeds can be blocked, and their setting keys. */

export const FEEDBLOCKING_SITES = [
  'facebook',
  'youtube',
  'twitter',
  'linkedin',
  'instagram',
  'reddit',
] as const;
export type FeedblockingSite = (typeof FEEDBLOCKING_SITES)[number];
export type FeedblockingSettingKey = `${FeedblockingSite}Feedblocking`;

export const feedblockingSettingKey = (site: FeedblockingSite): FeedblockingSettingKey =>
  `${site}Feedblocking`;

export const FEEDBLOCKING_SETTING_KEYS = FEEDBLOCKING_SITES.map(feedblockingSettingKey);

export type FeedblockingSettings = Record<FeedblockingSettingKey, boolean>;

/** Every feed is blocked until the user turns it off. */
export const DEFAULT_FEEDBLOCKING_SETTINGS: FeedblockingSettings = {
  facebookFeedblocking: true,
  youtubeFeedblocking: true,
  twitterFeedblocking: true,
  linkedinFeedblocking: true,
  instagramFeedblocking: true,
  redditFeedblocking: true,
};

/** How each of the six sites is named on screen. */
export const FEEDBLOCKING_SITE_LABELS: Record<FeedblockingSite, string> = {
  facebook: 'Facebook',
  youtube: 'YouTube',
  twitter: 'Twitter / X',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  reddit: 'Reddit',
};

/** The address shown under each name. */
export const FEEDBLOCKING_SITE_DOMAINS: Record<FeedblockingSite, string> = {
  facebook: 'facebook.com',
  youtube: 'youtube.com',
  twitter: 'x.com',
  linkedin: 'linkedin.com',
  instagram: 'instagram.com',
  reddit: 'reddit.com',
};
