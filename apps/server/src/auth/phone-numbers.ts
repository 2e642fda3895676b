import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The E.164 form of a number a person typed, or null when it is not a valid number. The web app
 * sends E.164 already (react-phone-number-input); this is the same libphonenumber check on the
 * server, so nobody can send a code to a malformed number by calling the API directly.
 * Configured test numbers (e.g. +1 555 555 0100) are not real numbers, so they pass as they are.
 */
export function normalisePhoneNumber(
  input: unknown,
  testNumbers: ReadonlyMap<string, string>,
): string | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > 32) return null;
  const compact = trimmed.replace(/[\s().-]/g, '');
  if (testNumbers.has(compact)) return compact;
  // International form only: without a country there is no telling which number was meant.
  if (!compact.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(compact);
  return parsed?.isValid() ? parsed.number : null;
}
