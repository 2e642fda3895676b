import { randomInt } from 'node:crypto';
import { brand, type DeepLink, deepLinkCodeSchema, linkPlatform, type SignInMethod } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { appStorePage, playStorePage } from '../app-links/service';

import { type DeepLinkRow, findDeepLink, insertDeepLink } from './repo';

export interface DeepLinksDependencies {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'stores'>;
  /** How the person signs in (auth/last-sign-in-method.ts: Better Auth owns the accounts). */
  signInMethodOf: (user: SessionUser) => Promise<SignInMethod>;
  /** Draws a link code; tests replace it to force a collision. */
  newCode?: () => string;
}

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 62^10 ≈ 8·10^17 codes: a link cannot be found by guessing, and a collision is a rarity. */
const CODE_LENGTH = 10;
/** A collision is retried with a fresh code; five in a row means something else is wrong. */
const MAX_CODE_ATTEMPTS = 5;

/** A random code from node's CSPRNG; randomInt draws without modulo bias. */
export const newLinkCode = (): string =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * Where a link may lead: anywhere on this site or the brand's website, and on the stores only to
 * Stillpoint's own pages. A link that could lead anywhere else would lend Stillpoint's name to
 * someone else's page (another app's store listing included).
 */
export interface AllowedDestinations {
  origins: string[];
  storePages: string[];
}

export function allowedDestinations(config: Pick<Config, 'publicUrl' | 'stores'>): AllowedDestinations {
  return {
    origins: [...new Set([new URL(config.publicUrl).origin, new URL(brand.website).origin])],
    storePages: [appStorePage(config), playStorePage(config)].map((page) => new URL(page).href),
  };
}

const hostsInWords = (hosts: readonly string[]) => `${hosts.slice(0, -1).join(', ')} or ${hosts.at(-1)}`;

/** The fallback as it will be stored and redirected to (normalised by the URL parser), or a 400. */
function allowedFallback(field: string, value: string, allowed: AllowedDestinations): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('BAD_REQUEST', `${field} must be a web address (http or https).`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new AppError('BAD_REQUEST', `${field} must not contain a user name or password.`);
  }
  if (allowed.origins.includes(url.origin)) return url.href;
  const storePage = allowed.storePages.find((page) => new URL(page).origin === url.origin);
  if (storePage) {
    if (url.href === storePage) return url.href;
    throw new AppError('BAD_REQUEST', `${field} may lead to ${url.host} only at ${storePage}.`);
  }
  const sameHost = allowed.origins.find((origin) => new URL(origin).host === url.host);
  if (sameHost) throw new AppError('BAD_REQUEST', `${field} must start with ${sameHost}.`);
  const hosts = [...allowed.origins, ...allowed.storePages].map((page) => new URL(page).host);
  throw new AppError(
    'BAD_REQUEST',
    `${field} must lead to ${hostsInWords(hosts)}; ${url.host} is not allowed.`,
  );
}

/** Short links live at the site's root rather than under /api, so they stay short. */
export const DEEP_LINK_PATH = '/l';

const linkUrl = (publicUrl: string, code: string) => `${publicUrl}${DEEP_LINK_PATH}/${code}`;

const view = (row: DeepLinkRow, publicUrl: string): DeepLink => ({
  code: row.code,
  url: linkUrl(publicUrl, row.code),
  desktopUrl: row.desktopUrl,
  iosUrl: row.iosUrl,
  suggestedAuthMethod: row.suggestedAuthMethod,
});

export interface CreateDeepLinkInput {
  desktopUrl: string;
  iosUrl: string;
  suggestedAuthMethod?: SignInMethod | undefined;
}

/**
 * A short link for the signed-in person (SPEC §7 deep-link service; /webcheckout and the funnel's
 * download step make one). Both fallbacks must lead to an allowed origin. Without a suggested
 * sign-in method the person's own is suggested, so the app offers the way they already use.
 */
export async function createDeepLink(
  deps: DeepLinksDependencies,
  user: SessionUser,
  input: CreateDeepLinkInput,
): Promise<DeepLink> {
  const allowed = allowedDestinations(deps.config);
  const desktopUrl = allowedFallback('desktopUrl', input.desktopUrl, allowed);
  const iosUrl = allowedFallback('iosUrl', input.iosUrl, allowed);
  const suggestedAuthMethod = input.suggestedAuthMethod ?? (await deps.signInMethodOf(user));
  const drawCode = deps.newCode ?? newLinkCode;
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    const row = await insertDeepLink(deps.db, {
      code: drawCode(),
      userId: user.id,
      desktopUrl,
      iosUrl,
      suggestedAuthMethod,
    });
    if (row) return view(row, deps.config.publicUrl);
  }
  throw new Error(`no free deep-link code after ${MAX_CODE_ATTEMPTS} attempts`);
}

/** What a link holds, for the mobile app opened through it. */
export async function getDeepLink(deps: Pick<DeepLinksDependencies, 'db' | 'config'>, code: string) {
  const row = await findDeepLink(deps.db, code);
  if (!row) throw new AppError('NOT_FOUND', 'This link does not exist.');
  return view(row, deps.config.publicUrl);
}

/**
 * Where GET /l/{code} sends a visitor: iPhone and iPad to the link's iOS fallback (the App Store
 * page, as /webcheckout sets it), Android to the configured app's Play Store page, everyone else to
 * the desktop fallback. A malformed or unknown code leads to the website's home page rather than
 * an error, since the visitor only followed a link.
 */
export async function linkDestination(
  deps: Pick<DeepLinksDependencies, 'db' | 'config'>,
  code: string,
  userAgent: string | undefined,
): Promise<string> {
  const home = `${deps.config.publicUrl}/`;
  const parsed = deepLinkCodeSchema.safeParse(code);
  const row = parsed.success ? await findDeepLink(deps.db, parsed.data) : null;
  if (!row) return home;
  switch (linkPlatform(userAgent)) {
    case 'ios':
      return row.iosUrl;
    case 'android':
      return playStorePage(deps.config);
    case 'desktop':
      return row.desktopUrl;
  }
}
