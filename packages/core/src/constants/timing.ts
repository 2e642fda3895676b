/** SPEC §9 delays and durations. Milliseconds unless the name says otherwise. */

export const BREATHING_COUNTDOWN_SECONDS = 11;
/** Above this many seconds left the intercept page says 'breathe in'. */
export const BREATHE_IN_ABOVE_SECONDS = 7;
/** Below this many seconds left the quote appears (from 7 down to 4 it says 'breathe out'). */
export const QUOTE_BELOW_SECONDS = 4;
export const ANIMATION_TICK_MS = 25;
export const NEVERMIND_CLOSE_DELAY_MS = 1350;

export const SESSION_REFRESH_MS = 10_000;
export const EXTENSION_POLL_MS = 3000;
export const IOS_SKIP_DELAY_MS = 5000;
export const PIN_FINISH_DELAY_MS = 4000;
/** Funnel selections advance on their own after this pause. */
export const FUNNEL_ADVANCE_DELAY_MS = 300;
export const SCROLL_DEPTH_DEBOUNCE_MS = 300;

export const TOAST_DURATION_MS = 3000;
export const IOS_SOURCE_TOAST_DURATION_MS = 8000;

export const STORE_REDIRECT_COUNTDOWN_SECONDS = 5;

export const COOKIE_CONSENT_DAYS = 365;
