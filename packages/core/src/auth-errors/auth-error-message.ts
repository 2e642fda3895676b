import { AUTH_ERROR_FALLBACK, authErrorCodes, authErrorMessages } from './messages';

/** 'auth/popup-blocked', 'POPUP_BLOCKED' and 'popup_blocked' all become 'popup-blocked'. */
export function normaliseAuthErrorCode(code: string): string {
  return code
    .trim()
    .replace(/^auth\//i, '')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

const read = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** Better Auth's client nests the failure as `{ error: { code, status } }`; callers pass either. */
function codeAndStatus(error: unknown): { code?: string; status?: number } {
  if (typeof error === 'string') return { code: error };
  const inner = read(error, 'error');
  const source = typeof inner === 'object' && inner !== null ? inner : error;
  const status = read(source, 'status') ?? read(error, 'status');
  return {
    code: text(read(source, 'code')) ?? text(read(error, 'code')),
    status: typeof status === 'number' ? status : undefined,
  };
}

/**
 * A sentence a person can act on for any sign-in failure: a Better Auth error, an OAuth callback
 * `?error=` value, a SPEC §8 code, an HTTP status or a thrown fetch error. Never the raw code.
 */
export function authErrorMessage(error: unknown): string {
  const { code, status } = codeAndStatus(error);
  const key = code ? authErrorCodes[normaliseAuthErrorCode(code)] : undefined;
  if (key) return authErrorMessages[key];
  if (status === 429) return authErrorMessages.tooManyRequests;
  if (status === 0 || error instanceof TypeError) return authErrorMessages.networkFailed;
  if (status !== undefined && status >= 500) return authErrorMessages.serverTrouble;
  return AUTH_ERROR_FALLBACK;
}
