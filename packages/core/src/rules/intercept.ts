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

/** The breathe page's parameter for the address the person asked for (SPEC §2 /breathe). */
const RETURN_URL_PARAM = /(?:^|&)returnUrl=/;
/** A returnUrl written as it is starts with its scheme; an encoded one with `http%3A`. */
const VERBATIM_RETURN_URL = /^https?:\/\//i;

/** The breathe page's parameter for when the breathing began on the extension's first screen (epoch ms). */
export const BREATHING_SINCE_PARAM = 'breathingSince';
/**
 * How long after the first screen began a `breathingSince` is believed: the web page taking over
 * arrives within a second or two; anything older (or in the future) starts the pause afresh, so a
 * crafted link cannot skip it.
 */
export const BREATHING_HANDOFF_MAX_MS = 5000;

/**
 * A breathe page's address: `page` (the web app's /breathe, or the extension's first screen) with
 * the site, optionally when the breathing began, and `returnUrl` last and as it is, not encoded: a
 * redirect rule's regexSubstitution cannot percent-encode the URL it captured, so the page reads
 * everything after `returnUrl=` whole (readBreatheQuery). A `#fragment` in it becomes the breathe
 * page's own fragment, which readBreatheQuery puts back.
 */
export function breatheAddress(
  page: string,
  query: { siteId: string; returnUrl: string; breathingSince?: number | null },
): string {
  const since =
    query.breathingSince == null ? '' : `&${BREATHING_SINCE_PARAM}=${Math.round(query.breathingSince)}`;
  return `${page}?siteId=${encodeURIComponent(query.siteId)}${since}&returnUrl=${query.returnUrl}`;
}

/** The web app's breathe page for a site (SPEC §2 /breathe); see breatheAddress. */
export function breathePageUrl(webAppOrigin: string, siteId: string, returnUrl: string): string {
  return breatheAddress(`${webAppOrigin}/breathe`, { siteId, returnUrl });
}

/**
 * When the breathing pause began, for a page opening at `now`: the extension's first screen's
 * `breathingSince` when it is recent (BREATHING_HANDOFF_MAX_MS), so the countdown and the circle
 * carry on where that screen was; otherwise now.
 */
export function breathingStartedAt(breathingSince: number | null, now: number): number {
  if (breathingSince === null) return now;
  const elapsed = now - breathingSince;
  return elapsed >= 0 && elapsed <= BREATHING_HANDOFF_MAX_MS ? breathingSince : now;
}

/** How long the pause has already gone on for a page opening at `now` (0 when it begins now). */
export function breathingAlreadyMs(breathingSince: number | null, now: number): number {
  return now - breathingStartedAt(breathingSince, now);
}

/**
 * The custom property by which a page drawn on the server carries the circle on from
 * `breathingSince` (breathing-circle.css turns it into the breathing-in animation's delay), as
 * the app does with an inline delay once its code runs.
 */
export const ALREADY_BREATHING_PROPERTY = '--already-breathing-ms';

/** The line above the breathing circle, naming where the person was going when there is a host. */
export function breatheDestinationLine(host: string | null): string {
  return host ? `A moment before ${host}` : 'A moment to breathe';
}

export interface BreatheQuery {
  siteId: string | null;
  /** The address as written, not yet checked: interceptReturnUrl says whether to follow it. */
  returnUrl: string | null;
  /** When the extension's first screen began the breathing (epoch ms), if it handed over. */
  breathingSince: number | null;
}

/** A query part as a form decoder reads it: `+` is a space, a malformed escape stays as it is. */
function decodeQueryPart(part: string): string {
  const spaced = part.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** The first value of `name` in a query (no leading '?'), decoded; null when it is not there. */
function queryValue(query: string, name: string): string | null {
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    if (decodeQueryPart(key) === name) return equals < 0 ? '' : decodeQueryPart(pair.slice(equals + 1));
  }
  return null;
}

/**
 * Reads the breathe page's address (location.search and location.hash). When the value after
 * `returnUrl=` starts with `http://` or `https://`, it is the rest of the query plus the fragment,
 * byte for byte: `&`, `+`, `%` and `=` in it belong to the URL, not to the breathe page. Otherwise
 * it is the older form, `returnUrl=<percent-encoded URL>` anywhere in the query, which links and
 * bookmarks made before still carry. siteId is read before returnUrl only, so a `siteId=` inside
 * the returned URL cannot stand in for it.
 */
export function readBreatheQuery(location: { search: string; hash: string }): BreatheQuery {
  const query = location.search.replace(/^\?/, '');
  const marker = RETURN_URL_PARAM.exec(query);
  const rest = marker ? query.slice(marker.index + marker[0].length) : '';
  if (marker && VERBATIM_RETURN_URL.test(rest)) {
    const before = query.slice(0, marker.index);
    return {
      siteId: queryValue(before, 'siteId'),
      returnUrl: rest + location.hash,
      breathingSince: epochMs(queryValue(before, BREATHING_SINCE_PARAM)),
    };
  }
  return {
    siteId: queryValue(query, 'siteId'),
    returnUrl: queryValue(query, 'returnUrl'),
    breathingSince: epochMs(queryValue(query, BREATHING_SINCE_PARAM)),
  };
}

/** A whole number of milliseconds since 1970, written in digits only; anything else is null. */
function epochMs(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
