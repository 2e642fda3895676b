/**
 * Brand names as their owners spell them, keyed by the lower-case words our stored answers use
 * ('tik tok', 'app store'). Longer names come first so 'chrome web store' wins over 'chrome'.
 */
export const BRAND_NAMES: readonly (readonly [written: string, spelled: string])[] = [
  ['chrome web store', 'Chrome Web Store'],
  ['app store', 'App Store'],
  ['google play', 'Google Play'],
  ['linkedin', 'LinkedIn'],
  ['youtube', 'YouTube'],
  ['tik tok', 'TikTok'],
  ['tiktok', 'TikTok'],
  ['instagram', 'Instagram'],
  ['facebook', 'Facebook'],
  ['whatsapp', 'WhatsApp'],
  ['snapchat', 'Snapchat'],
  ['netflix', 'Netflix'],
  ['substack', 'Substack'],
  ['reddit', 'Reddit'],
  ['twitter', 'X (Twitter)'],
  ['chrome', 'Chrome'],
  ['iphone', 'iPhone'],
  ['ios', 'iOS'],
];

const escapeForPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const BRAND_PATTERN = new RegExp(
  `\\b(${BRAND_NAMES.map(([written]) => escapeForPattern(written)).join('|')})\\b`,
  'gi',
);
const SPELLING = new Map(BRAND_NAMES.map(([written, spelled]) => [written, spelled]));

/**
 * Text with its brand names spelled as their owners spell them ('tik tok' → 'TikTok',
 * 'app store search' → 'App Store search'). For answer options, whose stored values stay as they
 * are: only the words on screen change.
 */
export const withBrandSpellings = (text: string): string =>
  text.replace(BRAND_PATTERN, (word) => SPELLING.get(word.toLowerCase()) ?? word);

/** An answer option as a person reads it: brand names spelled right, first letter capitalised. */
export function optionLabel(value: string): string {
  const branded = withBrandSpellings(value);
  return branded.charAt(0).toUpperCase() + branded.slice(1);
}
