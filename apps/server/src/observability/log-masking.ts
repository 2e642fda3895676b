import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number as it may appear in a log: the country code and the last two digits, enough to
 * tell numbers apart while following one sign-in, not enough to call anyone. +14155551000 → +1*******00.
 */
export function maskPhoneNumber(phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, '');
  if (digits.length < 5) return '*'.repeat(digits.length);
  const countryCode = parsePhoneNumberFromString(`+${digits}`)?.countryCallingCode ?? digits.slice(0, 1);
  const hidden = digits.length - countryCode.length - 2;
  return `+${countryCode}${'*'.repeat(hidden)}${digits.slice(-2)}`;
}

/** An e-mail address as it may appear in a log: its first character and its domain. */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

// Anything that looks like a phone number: 8 to 15 digits, with or without the leading +.
const PHONE_NUMBER_IN_TEXT = /\+?\d{8,15}/g;

/** Text from outside (a provider's error message) with every phone number in it masked. */
export const maskPhoneNumbersIn = (text: string): string =>
  text.replace(PHONE_NUMBER_IN_TEXT, maskPhoneNumber);
