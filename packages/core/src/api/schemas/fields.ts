import { z } from 'zod/mini';
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
  .check(z.trim(), z.refine(isValidEmail, 'Enter a valid e-mail address'));

export const confirmationCodeSchema = z
  .string({ error: 'code must be text' })
  .check(z.trim(), z.refine(isConfirmationCodeComplete, `The code is ${CONFIRMATION_CODE_LENGTH} digits`));

/** 6 letters or digits, case-insensitive (normalised to upper case). */
export const redemptionCodeSchema = z.string({ error: 'redemptionCode must be text' }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine(
    (code) => readRedemptionCode(code) !== null,
    `A redemption code is ${REDEMPTION_CODE_LENGTH} letters or digits`,
  ),
);

/** A checkout buys 1 to 20 gifts. */
export const giftQuantitySchema = z
  .number({ error: 'quantity must be a number' })
  .check(
    z.int('quantity must be a whole number'),
    z.minimum(1, 'quantity must be at least 1'),
    z.maximum(GIFT_QUANTITY_MAX, `quantity can be at most ${GIFT_QUANTITY_MAX}`),
  );

export const feedbackContentSchema = z.string({ error: 'content must be text' }).check(
  z.trim(),
  z.minLength(1, 'Feedback cannot be empty'),
  z.maxLength(FEEDBACK_MAX_LENGTH, `Feedback can be at most ${FEEDBACK_MAX_LENGTH} characters`),
  z.refine((text) => !hasControlExceptLines(text), 'Feedback cannot contain control characters'),
);

/** A short free-text answer (onboarding, occupation, locations), named in its messages. */
export const shortTextSchema = (field: string) =>
  z.string({ error: `${field} must be text` }).check(
    z.trim(),
    z.minLength(1, `${field} cannot be empty`),
    z.maxLength(SHORT_TEXT_MAX_LENGTH, `${field} can be at most ${SHORT_TEXT_MAX_LENGTH} characters`),
    z.refine((text) => !hasControl(text), `${field} must be one line of text`),
  );

export const budgetSchema = z
  .number({ error: 'budget must be a number' })
  .check(
    z.int('budget must be a whole number'),
    z.minimum(MIN_SITE_BUDGET, `budget must be at least ${MIN_SITE_BUDGET}`),
    z.maximum(MAX_SITE_BUDGET, `budget can be at most ${MAX_SITE_BUDGET}`),
  );

/** The Add Site text field as the server receives it: validated, then normalised to an origin. */
export const siteOriginSchema = z.pipe(
  z.string({ error: 'siteOrigin must be text' }),
  z.transform((value, ctx) => {
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
  }),
);
