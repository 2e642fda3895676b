import { z } from 'zod';
import {
  CONFIRMATION_CODE_LENGTH,
  FEEDBACK_MAX_LENGTH,
  GIFT_QUANTITY_MAX,
  MAX_SITE_BUDGET,
  MIN_SITE_BUDGET,
  REDEMPTION_CODE_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from '../../constants/limits';
import { isConfirmationCodeComplete, readRedemptionCode } from '../../validation/codes';
import { isValidEmail } from '../../validation/email';
import { normaliseSiteOrigin } from '../../validation/site';
import { hasControl, hasControlExceptLines } from '../../validation/text';

/**
 * The API's schemas of the fields people type, built on core's plain checks (`validation/`), which
 * the web app and the extension use without loading zod.
 */

export const emailSchema = z
  .string({ error: 'email must be text' })
  .trim()
  .refine(isValidEmail, 'Enter a valid e-mail address');

export const confirmationCodeSchema = z
  .string({ error: 'code must be text' })
  .trim()
  .refine(isConfirmationCodeComplete, `The code is ${CONFIRMATION_CODE_LENGTH} digits`);

/** 6 letters or digits, case-insensitive (normalised to upper case). */
export const redemptionCodeSchema = z
  .string({ error: 'redemptionCode must be text' })
  .trim()
  .toUpperCase()
  .refine(
    (code) => readRedemptionCode(code) !== null,
    `A redemption code is ${REDEMPTION_CODE_LENGTH} letters or digits`,
  );

/** A checkout buys 1 to 20 gifts. */
export const giftQuantitySchema = z
  .number({ error: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(GIFT_QUANTITY_MAX, `quantity can be at most ${GIFT_QUANTITY_MAX}`);

export const feedbackContentSchema = z
  .string({ error: 'content must be text' })
  .trim()
  .min(1, 'Feedback cannot be empty')
  .max(FEEDBACK_MAX_LENGTH, `Feedback can be at most ${FEEDBACK_MAX_LENGTH} characters`)
  .refine((text) => !hasControlExceptLines(text), 'Feedback cannot contain control characters');

/** A short free-text answer (onboarding, occupation, locations), named in its messages. */
export const shortTextSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} cannot be empty`)
    .max(SHORT_TEXT_MAX_LENGTH, `${field} can be at most ${SHORT_TEXT_MAX_LENGTH} characters`)
    .refine((text) => !hasControl(text), `${field} must be one line of text`);

export const budgetSchema = z
  .number({ error: 'budget must be a number' })
  .int('budget must be a whole number')
  .min(MIN_SITE_BUDGET, `budget must be at least ${MIN_SITE_BUDGET}`)
  .max(MAX_SITE_BUDGET, `budget can be at most ${MAX_SITE_BUDGET}`);

/** The Add Site text field as the server receives it: validated, then normalised to an origin. */
export const siteOriginSchema = z.string({ error: 'siteOrigin must be text' }).transform((value, ctx) => {
  const origin = normaliseSiteOrigin(value);
  if (origin === null) {
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: 'Enter a site like youtube.com or https://www.youtube.com',
    });
    return z.NEVER;
  }
  return origin;
});
