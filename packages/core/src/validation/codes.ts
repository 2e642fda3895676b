import { z } from 'zod';
import { CONFIRMATION_CODE_LENGTH, REDEMPTION_CODE_LENGTH } from '../constants/limits';

/** What the confirmation-code field keeps of a keystroke or paste: digits only, at most 6. */
export const normaliseConfirmationCodeInput = (input: string): string =>
  input.replace(/\D/g, '').slice(0, CONFIRMATION_CODE_LENGTH);

/** Submit is enabled with exactly 6 digits. */
export const isConfirmationCodeComplete = (code: string): boolean => /^\d{6}$/.test(code);

export const confirmationCodeSchema = z
  .string({ error: 'code must be text' })
  .trim()
  .regex(/^\d{6}$/, `The code is ${CONFIRMATION_CODE_LENGTH} digits`);

/**
 * What the redemption-code field keeps: uppercased and cut to 6 characters. Spaces are dropped
 * too, so a code pasted from an e-mail with a stray space still fits.
 */
export const normaliseRedemptionCode = (input: string): string =>
  input.replace(/\s/g, '').toUpperCase().slice(0, REDEMPTION_CODE_LENGTH);

export const isRedemptionCodeComplete = (code: string): boolean => code.length === REDEMPTION_CODE_LENGTH;

/** The server's view: 6 letters or digits, case-insensitive (normalised to upper case). */
export const redemptionCodeSchema = z
  .string({ error: 'redemptionCode must be text' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6}$/, `A redemption code is ${REDEMPTION_CODE_LENGTH} letters or digits`);
