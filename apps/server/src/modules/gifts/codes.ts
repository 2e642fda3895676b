import { randomInt } from 'node:crypto';
import { REDEMPTION_CODE_LENGTH } from '@stillpoint/core';

/**
 * The characters a redemption code is drawn from: digits and upper-case letters without the ones
 * people confuse when reading a code off a screen or an e-mail and typing it in: 0 and O, 1, I
 * and L. 8 digits and 23 letters leave 31 characters, so 31^6 ≈ 8.9·10^8 codes (docs/gifts.md has
 * what that means against guessing).
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** How many different codes there are. */
export const CODE_SPACE = CODE_ALPHABET.length ** REDEMPTION_CODE_LENGTH;

/** Draws an index below `max`; node's CSPRNG, without modulo bias. Tests pass their own. */
export type RandomIndex = (max: number) => number;

/** One code: 6 characters of the alphabet, each drawn independently from a secure source. */
export const newRedemptionCode = (random: RandomIndex = randomInt): string =>
  Array.from({ length: REDEMPTION_CODE_LENGTH }, () => CODE_ALPHABET[random(CODE_ALPHABET.length)]).join('');

/**
 * `count` codes, all different from each other and from `taken`. Uniqueness against the database
 * is the primary key's job (see repo.insertCodes); this only keeps one batch from repeating itself.
 */
export function newRedemptionCodes(
  count: number,
  taken: ReadonlySet<string> = new Set(),
  random: RandomIndex = randomInt,
): string[] {
  const codes = new Set<string>();
  // With 8.9·10^8 codes a repeat is rare; a source that keeps repeating itself is broken.
  for (let draws = 0; codes.size < count; draws++) {
    if (draws >= count * 100) throw new Error('the random source keeps drawing codes already taken');
    const code = newRedemptionCode(random);
    if (!taken.has(code)) codes.add(code);
  }
  return [...codes];
}
