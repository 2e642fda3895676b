/** Where a short link sends a visitor: the link's iOS fallback, the Play Store, or its desktop fallback. */
export type LinkPlatform = 'ios' | 'android' | 'desktop';

/**
 * The visitor's platform from their User-Agent. iPhone, iPad and iPod name themselves (in-app
 * browsers too); iPadOS in its default desktop mode claims to be a Mac and counts as desktop.
 * Android is checked second: no iOS browser mentions Android.
 */
export function linkPlatform(userAgent: string | undefined): LinkPlatform {
  if (!userAgent) return 'desktop';
  if (/\b(iPhone|iPad|iPod)\b/i.test(userAgent)) return 'ios';
  if (/\bAndroid\b/i.test(userAgent)) return 'android';
  return 'desktop';
}
