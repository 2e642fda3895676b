/** SPEC §2 and §9 layout values shared by components and tests. */

export const MOBILE_BREAKPOINT_MAX_WIDTH_PX = 767;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_MAX_WIDTH_PX}px)`;
export const ONBOARDING_MAX_WIDTH_PX = 768;
export const PHONE_CARD_WIDTH_PX = 300;
export const PHONE_CARD_MIN_HEIGHT_PX = 560;
