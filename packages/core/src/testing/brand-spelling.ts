/** Brand names as their owners spell them, each with the ways it gets misspelled. */
const BRANDS: readonly (readonly [spelled: string, pattern: RegExp])[] = [
  ['LinkedIn', /\blinked\s?in\b/gi],
  ['YouTube', /\byou\s?tube\b/gi],
  ['TikTok', /\btik\s?tok\b/gi],
  ['Instagram', /\binstagram\b/gi],
  ['Facebook', /\bface\s?book\b/gi],
  ['WhatsApp', /\bwhats\s?app\b/gi],
  ['Reddit', /\breddit\b/gi],
  ['Snapchat', /\bsnap\s?chat\b/gi],
  ['Netflix', /\bnetflix\b/gi],
  ['Substack', /\bsubstack\b/gi],
  ['Chrome', /\bchrome\b/gi],
  ['Google Play', /\bgoogle\s?play\b/gi],
  ['App Store', /\bapp\s?store\b(?! (?:page|link))/gi],
  ['iPhone', /\biphone\b/gi],
  ['iOS', /\bios\b/gi],
];

/**
 * The brand names in `text` that are not spelled as their owners spell them ('Linkedin',
 * 'Tik tok'). For tests of text a person reads; domains such as 'youtube.com' are not names.
 */
export function misspelledBrands(text: string): string[] {
  const withoutDomains = text.replace(/\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|de)\b/gi, '');
  return BRANDS.flatMap(([spelled, pattern]) =>
    [...withoutDomains.matchAll(pattern)].map((match) => match[0]).filter((word) => word !== spelled),
  );
}
