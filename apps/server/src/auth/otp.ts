/** The phone sign-in rules, in one place for the Better Auth options, the send limits and the docs. */
export const OTP_LENGTH = 6;
export const OTP_EXPIRES_IN_SECONDS = 5 * 60;
/** Wrong codes allowed per sent code; the next attempt, right or wrong, is refused. */
export const OTP_ALLOWED_ATTEMPTS = 3;

/**
 * A right code sent again this soon after it was spent (a double click on Submit) signs in too;
 * later it is refused (otp-double-submit.ts).
 */
export const OTP_DOUBLE_SUBMIT_SECONDS = 5;

/** Per-number send limits the phoneNumber plugin lacks; each SMS costs money and can be abused. */
export const OTP_SEND_LIMITS = {
  cooldownSeconds: 30,
  perHour: 5,
} as const;

/**
 * Better Auth stores a phone code under this identifier (phone-number plugin internals). Test numbers
 * swap in their fixed code by matching it; the test-number API test fails if the library renames it.
 */
export const OTP_IDENTIFIER_PREFIX = 'phone-number-otp-';

export const smsText = (appName: string, code: string) =>
  `${code} is your ${appName} sign-in code. It expires in ${OTP_EXPIRES_IN_SECONDS / 60} minutes.`;
