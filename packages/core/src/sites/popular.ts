/**
 * Sites people most often want a pause before: onboarding offers them as one-tap chips. Each is
 * a site as a person would type it, and no two are the same site (popular.test.ts checks both).
 */
export const POPULAR_SITES = [
  'youtube.com',
  'reddit.com',
  'x.com',
  'instagram.com',
  'tiktok.com',
  'news.ycombinator.com',
] as const;
