export { SIGN_IN_PATH, SIGN_OUT_PATH } from '@stillpoint/core';

/** The signed-in navigation (SPEC §2 leaves the list open; the brief for the shell names these). */
export const navigationLinks = [
  { to: '/', label: 'Home' },
  { to: '/subscription', label: 'Subscription' },
  { to: '/account', label: 'Account' },
] as const;
