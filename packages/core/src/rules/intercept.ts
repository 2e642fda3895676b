import { BREATHE_IN_ABOVE_SECONDS, QUOTE_BELOW_SECONDS } from '../constants/timing';

export type BreathingPhase = 'breathe in' | 'breathe out' | 'quote';

/** What the intercept page shows with `secondsLeft` of the 11 s countdown (SPEC §4). */
export function breathingPhase(secondsLeft: number): BreathingPhase {
  if (secondsLeft > BREATHE_IN_ABOVE_SECONDS) return 'breathe in';
  if (secondsLeft >= QUOTE_BELOW_SECONDS) return 'breathe out';
  return 'quote';
}

/** Longer than any address a browser tab would hand us; refused rather than carried along. */
const RETURN_URL_MAX_LENGTH = 4096;
const HTTP_URL = /^https?:\/\/([^/?#\\]*)/i;

/**
 * Where 'use site' may send the person: the returnUrl the extension put on /breathe, when it is
 * an absolute http(s) address. Anything else (no value, a relative path, javascript:, data:, a
 * URL with spaces or control characters, which browsers would silently strip) gives null, and
 * the page goes to the dashboard instead.
 */
export function interceptReturnUrl(returnUrl: string | null | undefined): string | null {
  if (!returnUrl || returnUrl.length > RETURN_URL_MAX_LENGTH) return null;
  if ([...returnUrl].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const authority = HTTP_URL.exec(returnUrl)?.[1];
  if (!authority) return null;
  // user:pass@host: the host is what follows the last '@'; it must be there.
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostAndPort.startsWith('[') ? hostAndPort : hostAndPort.split(':', 1)[0];
  return host ? returnUrl : null;
}
