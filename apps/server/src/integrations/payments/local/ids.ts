import { randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 24 characters of 62 give 142 bits: ids that travel in URLs cannot be guessed. */
const RANDOM_LENGTH = 24;

function randomPart(length = RANDOM_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Stripe-like prefixes ('cus', 'sub', 'cs', ...) mark the object type and that it is a local one. */
export type IdPrefix =
  | 'cus'
  | 'sub'
  | 'si'
  | 'li'
  | 'cs'
  | 'seti'
  | 'pi'
  | 'pm'
  | 'in'
  | 'evt'
  | 'bps'
  | 'ch'
  | 're';

export const newId = (prefix: IdPrefix): string => `${prefix}_local_${randomPart()}`;

/** Like Stripe's: the intent's id, then a secret the embedded form holds. */
export const newClientSecret = (intentId: string): string => `${intentId}_secret_${randomPart()}`;

/** The intent a client secret belongs to, or null when it is not shaped like one. */
export function intentIdOfClientSecret(clientSecret: string): string | null {
  const match = /^((?:pi|seti)_local_[0-9A-Za-z]+)_secret_[0-9A-Za-z]+$/.exec(clientSecret);
  return match?.[1] ?? null;
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Ids in URLs are checked for shape first, so junk never reaches the database. */
export const isLocalId = (prefix: IdPrefix, value: string): boolean =>
  new RegExp(`^${prefix}_local_[0-9A-Za-z]{${RANDOM_LENGTH}}$`).test(value);
