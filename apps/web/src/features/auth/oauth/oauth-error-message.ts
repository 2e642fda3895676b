import { authErrorMessage, authErrorMessages, normaliseAuthErrorCode } from '@stillpoint/core';

type MessageKey = keyof typeof authErrorMessages;

/**
 * Codes whose meaning differs on the way back from Google or Apple: Better Auth's callback says
 * `invalid_code` when the provider's authorization code fails to redeem (not a phone code), and a
 * few OAuth-only failures have no entry in the shared catalogue.
 */
const oauthCodes: Readonly<Record<string, MessageKey>> = {
  'invalid-code': 'restartSignIn',
  'issuer-mismatch': 'restartSignIn',
  'issuer-missing': 'restartSignIn',
  'nonce-binding-missing': 'restartSignIn',
  'no-code': 'restartSignIn',
  'oauth-provider-not-found': 'providerUnavailable',
  'unable-to-link-account': 'accountExists',
  'account-not-linked': 'accountExists',
  'account-already-linked-to-different-user': 'accountExists',
};

const codeOf = (error: unknown): string | undefined => {
  if (typeof error === 'string') return error;
  if (typeof error !== 'object' || error === null) return undefined;
  const inner =
    'error' in error && typeof error.error === 'object' && error.error !== null ? error.error : error;
  return 'code' in inner && typeof inner.code === 'string' ? inner.code : undefined;
};

/** A sentence for a failed Google or Apple sign-in: never a raw code (SPEC §8). */
export function oauthErrorMessage(error: unknown): string {
  const code = codeOf(error);
  const key = code ? oauthCodes[normaliseAuthErrorCode(code)] : undefined;
  return key ? authErrorMessages[key] : authErrorMessage(error);
}
