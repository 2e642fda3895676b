import { brand } from '../brand';

/** Said when a failure carries no code we know: honest, and tells the person what to do. */
export const AUTH_ERROR_FALLBACK = 'Something went wrong signing you in. Please try again.';

export const authErrorMessages = {
  invalidCode: "That code doesn't match. Check the text message and type the 6 digits again.",
  codeExpired: 'That code has expired. Ask for a new code and try again.',
  codeNotFound: 'That code is no longer valid. Ask for a new code and try again.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new code and try again.',
  invalidPhoneNumber: "That phone number doesn't look right. Check it and try again.",
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  sendCooldown: 'A code was just sent. Please wait a minute before asking for another.',
  sendHourlyCap: 'Too many codes were sent to this number. Please try again in an hour.',
  networkFailed: `Could not reach ${brand.name}. Check your connection and try again.`,
  serverTrouble: `${brand.name} is having trouble right now. Please try again in a moment.`,
  popupBlocked: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  popupClosed: 'The sign-in window was closed before you finished. Try again when you are ready.',
  popupCancelled: 'Another sign-in window was already open. Finish or close it, then try again.',
  popupTimeout: 'The sign-in window took too long. Please try again.',
  unauthorizedDomain: `Sign-in isn't allowed from this address. Open ${brand.name} from its usual address and try again.`,
  userNotFound: "We couldn't find that account. Check the details or sign in another way.",
  accountExists: 'An account already uses these details. Sign in with the method you used before.',
  wrongCredentials: "Those details don't match our records. Please try again.",
  botCheckFailed: "We couldn't confirm you're a person. Complete the check and try again.",
  sessionExpired: 'Your session has ended. Please sign in again.',
  accessDenied: 'Sign-in was cancelled. Choose a way to sign in to continue.',
  providerUnavailable: "That sign-in method isn't available right now. Please choose another.",
  restartSignIn: 'Sign-in took a wrong turn. Please start again.',
  missingCredential: "The sign-in didn't return your account details. Please try again.",
} as const;

type AuthErrorKey = keyof typeof authErrorMessages;

/**
 * Codes as Better Auth (UPPER_SNAKE), its OAuth callback (?error=lower_snake) and SPEC §8
 * (kebab-case, once prefixed 'auth/') spell them, all normalised to kebab-case.
 */
export const authErrorCodes: Readonly<Record<string, AuthErrorKey>> = {
  // Phone one-time codes (Better Auth phone-number plugin; SPEC §8 style).
  'invalid-otp': 'invalidCode',
  'invalid-verification-code': 'invalidCode',
  'invalid-code': 'invalidCode',
  'otp-expired': 'codeExpired',
  'code-expired': 'codeExpired',
  'otp-not-found': 'codeNotFound',
  'invalid-verification-id': 'codeNotFound',
  'missing-verification-code': 'invalidCode',
  'invalid-otp-format': 'invalidCode',
  'too-many-attempts': 'tooManyAttempts',
  'invalid-phone-number': 'invalidPhoneNumber',
  'missing-phone-number': 'invalidPhoneNumber',
  // Rate limits.
  'too-many-requests': 'tooManyRequests',
  'rate-limited': 'tooManyRequests',
  'quota-exceeded': 'tooManyRequests',
  // Stillpoint's server limits on sending codes to one number.
  'otp-send-cooldown': 'sendCooldown',
  'otp-send-hourly-cap': 'sendHourlyCap',
  // Network.
  'network-request-failed': 'networkFailed',
  network: 'networkFailed',
  // Pop-up sign-in (SPEC §8 and the oauth-popup plugin).
  'popup-blocked': 'popupBlocked',
  'popup-closed-by-user': 'popupClosed',
  'popup-closed': 'popupClosed',
  'cancelled-popup-request': 'popupCancelled',
  'popup-timeout': 'popupTimeout',
  'popup-sign-in-failed': 'restartSignIn',
  'web-storage-unsupported': 'popupBlocked',
  // Where the page runs.
  'unauthorized-domain': 'unauthorizedDomain',
  'operation-not-allowed': 'providerUnavailable',
  'invalid-origin': 'unauthorizedDomain',
  'missing-or-null-origin': 'unauthorizedDomain',
  'invalid-callback-url': 'unauthorizedDomain',
  // Accounts.
  'user-not-found': 'userNotFound',
  'phone-number-not-exist': 'userNotFound',
  'account-not-found': 'userNotFound',
  'user-disabled': 'userNotFound',
  'email-already-in-use': 'accountExists',
  'account-exists-with-different-credential': 'accountExists',
  'credential-already-in-use': 'accountExists',
  'user-already-exists': 'accountExists',
  'phone-number-exist': 'accountExists',
  'social-account-already-linked': 'accountExists',
  'wrong-password': 'wrongCredentials',
  'invalid-credential': 'wrongCredentials',
  'invalid-phone-number-or-password': 'wrongCredentials',
  // Bot check (Better Auth captcha plugin; SPEC §5).
  'verification-failed': 'botCheckFailed',
  'missing-response': 'botCheckFailed',
  'captcha-check-failed': 'botCheckFailed',
  'missing-app-credential': 'botCheckFailed',
  // Sessions.
  'session-expired': 'sessionExpired',
  'user-token-expired': 'sessionExpired',
  'invalid-token': 'sessionExpired',
  'token-expired': 'sessionExpired',
  'requires-recent-login': 'sessionExpired',
  // OAuth callback errors (?error= on the way back from Google or Apple).
  'access-denied': 'accessDenied',
  'provider-not-found': 'providerUnavailable',
  'signup-disabled': 'providerUnavailable',
  'state-mismatch': 'restartSignIn',
  'state-not-found': 'restartSignIn',
  'please-restart-the-process': 'restartSignIn',
  'invalid-code-verifier': 'restartSignIn',
  'oauth-code-verification-failed': 'restartSignIn',
  'unable-to-get-user-info': 'missingCredential',
  'failed-to-get-user-info': 'missingCredential',
  'user-email-not-found': 'missingCredential',
  'email-not-found': 'missingCredential',
  'missing-credential': 'missingCredential',
  'id-token-not-supported': 'missingCredential',
};
