/**
 * The newsletter's limits (docs/newsletter.md). A confirmation link works for a week: long enough
 * for someone who is away, short enough that an old e-mail found later cannot sign anyone up.
 */
export const CONFIRMATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Signing up again while unconfirmed sends a new confirmation, but not within 2 minutes of the last
 * one (so a double press or a retry sends one), never while the last one is still waiting to be
 * sent (the retry job has it), and at most 5 a day: anyone can type anyone's address.
 */
export const CONFIRMATION_RESEND_AFTER_MS = 2 * 60 * 1000;
export const MAX_CONFIRMATIONS_PER_DAY = 5;
export const CONFIRMATION_COUNT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Per-address limits of the confirm and unsubscribe calls. Their keys are too long to guess; the
 * limits only keep a scanner slow. The one-click address is looser, since mail providers post
 * their users' unsubscribes from a few addresses of their own.
 */
export const linkRateLimits = {
  confirm: { max: 30, timeWindow: '10 minutes' },
  unsubscribe: { max: 30, timeWindow: '10 minutes' },
  oneClickUnsubscribe: { max: 120, timeWindow: '1 minute' },
} as const;
