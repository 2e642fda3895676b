import { CONFIRMATION_CODE_LENGTH, REDEMPTION_CODE_LENGTH } from '../constants/limits';

/** What the confirmation-code field keeps of a keystroke or paste: digits only, at most 6. */
export const normaliseConfirmationCodeInput = (input: string): string =>
  input.replace(/\D/g, '').slice(0, CONFIRMATION_CODE_LENGTH);

/** Submit is enabled with exactly 6 digits. */
export const isConfirmationCodeComplete = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * What the redemption-code field keeps: uppercased and cut to 6 characters. Spaces are dropped
 * too, so a code pasted from an e-mail with a stray space still fits.
 */
export const normaliseRedemptionCode = (input: string): string =>
  input.replace(/\s/g, '').toUpperCase().slice(0, REDEMPTION_CODE_LENGTH);

export const isRedemptionCodeComplete = (code: string): boolean => code.length === REDEMPTION_CODE_LENGTH;

/**
 * The server's view of a redemption code: 6 letters or digits, case-insensitive. The code as
 * stored (trimmed, upper case), or null when it cannot be one.
 */
export function readRedemptionCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return /^[A-Z0-9]{6}$/.test(code) ? code : null;
}
