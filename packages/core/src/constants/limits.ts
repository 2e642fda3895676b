/** SPEC §5 and §9 limits on what a person can enter or start. */

export const DEFAULT_SITE_BUDGET = 3;
export const MIN_SITE_BUDGET = 1;
/** Our own ceiling (the SPEC sets none): keeps a budget a sane number of sessions per day. */
export const MAX_SITE_BUDGET = 1000;
export const SITE_TEXT_MIN_LENGTH = 3;

/** The session lengths the intercept page offers, in minutes. */
export const SESSION_LENGTHS_MINUTES = [5, 10, 20, 30] as const;
export type SessionLengthMinutes = (typeof SESSION_LENGTHS_MINUTES)[number];
export const MAX_SESSION_LENGTH_MS = 30 * 60_000;

export const GREETING_NAME_MAX_LENGTH = 10;
export const AFTERNOON_FROM_HOUR = 12;
export const EVENING_FROM_HOUR = 18;

export const CONFIRMATION_CODE_LENGTH = 6;
export const REDEMPTION_CODE_LENGTH = 6;

export const GIFT_QUANTITY_MIN = 0;
export const GIFT_QUANTITY_MAX = 20;

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const EMAIL_DOMAIN_LABEL_MAX_LENGTH = 63;

/** Our own ceilings on free text, so one request cannot carry a novel. */
export const FEEDBACK_MAX_LENGTH = 5000;
export const SHORT_TEXT_MAX_LENGTH = 500;

/** The funnel's paywall variant flips on a user-id hash above this value (SPEC §2). */
export const PAYWALL_VARIANT_THRESHOLD = 0.5;
