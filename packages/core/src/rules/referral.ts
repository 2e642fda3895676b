import { readEntityId } from '../validation/entity-id';

/** The referral landing (SPEC §2) and the query parameters a shared link carries (SPEC §3). */
export const REFERRAL_LINK_PATH = '/referral-link';
export const SHARED_BY_NAME_PARAM = 'sharedByName';
export const SHARED_BY_USER_ID_PARAM = 'sharedByUserId';

/**
 * The longest name the referral landing writes out whole. Like the greeting's cutoff (SPEC §9), it
 * keeps the heading short: at the heading's size a 375 px phone fits about 20 characters a line.
 */
export const REFERRER_NAME_MAX_LENGTH = 20;

// Control characters garble the line; bidirectional overrides can make a name read as other text.
const INVISIBLE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** What a person sees as characters: an emoji with its modifiers, or a letter with its accent, is one. */
function graphemes(text: string): string[] {
  if (typeof Intl.Segmenter === 'function') {
    return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
      ({ segment }) => segment,
    );
  }
  return Array.from(text);
}

/**
 * The name of whoever shared the link, as the page writes it: cleaned of invisible characters and
 * runs of spaces; a name longer than REFERRER_NAME_MAX_LENGTH gives its first word, and a first word
 * longer still is cut with an ellipsis. Nothing readable left gives null (the page then names
 * nobody). The address is anyone's to write, so this only shortens: React escapes what is shown.
 */
export function referrerDisplayName(raw: string | null | undefined): string | null {
  const name = (raw ?? '').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  if (name === '') return null;
  if (graphemes(name).length <= REFERRER_NAME_MAX_LENGTH) return name;
  const firstWord = graphemes(name.split(' ')[0] ?? name);
  if (firstWord.length <= REFERRER_NAME_MAX_LENGTH) return firstWord.join('');
  return `${firstWord.slice(0, REFERRER_NAME_MAX_LENGTH - 1).join('')}…`;
}

/**
 * The sharer's id from the address, as viewAppReferral accepts it; null when it is missing or is
 * not one (SPEC §8: the page then logs it and still shows).
 */
export function referringUserIdFrom(raw: string | null | undefined): string | null {
  return readEntityId(raw);
}
