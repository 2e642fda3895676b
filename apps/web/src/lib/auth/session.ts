import { ApiError } from '@stillpoint/core';
import { useIsStored } from '../first-screen';
import { SESSION_TOKEN_KEY, sessionToken } from '../session-token';
import { OAUTH_RETURN_KEY, oauthReturn } from './oauth-return';

/**
 * Better Auth's client, loaded on first use: public pages render without waiting for it, and the
 * first page's JavaScript stays inside its budget (DESIGN.md performance budgets).
 */
export const loadAuthClient = () => import('../auth-client').then((module) => module.authClient);

/** The signed-in person as the web app sees them: SPEC §3's user (uid, phone number, e-mail). */
export interface AuthUser {
  uid: string;
  phoneNumber: string | null;
  email: string | null;
}

/**
 * Better Auth needs an e-mail on every account, so a phone-only one carries a placeholder on the
 * reserved .invalid domain (RFC 2606), which is no address of the person's.
 */
const realEmail = (email: string): string | null => (email && !/\.invalid$/i.test(email) ? email : null);

export interface AuthSession {
  /** Better Auth's session id: one per sign-in, so it keys the once-per-sign-in sync. */
  id: string;
  user: AuthUser;
}

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * Whether anything suggests a session before the server has said: a stored token, or a Google or
 * Apple sign-in coming back by redirect. Without either the visitor is almost surely signed out.
 */
export const sessionHinted = (): boolean => sessionToken.get() !== null || oauthReturn.pending();

/** `sessionHinted()` for code that renders: the first screen's answer while the app takes it over. */
export function useSessionHinted(): boolean {
  const tokenStored = useIsStored(`local:${SESSION_TOKEN_KEY}`);
  const oauthReturning = useIsStored(`session:${OAUTH_RETURN_KEY}`);
  return tokenStored || oauthReturning;
}

/** The first check, started before the app draws (checkSessionEarly), until the provider takes it. */
let early: Promise<AuthSession | null> | null = null;

/** Better Auth's session route: the same answer as its client's `getSession()`. */
const SESSION_PATH = '/api/auth/get-session';

interface SessionAnswer {
  session: { id: string };
  user: { id: string; email: string; phoneNumber?: string | null };
}

/**
 * Asks Better Auth who is signed in (GET /api/auth/get-session, with the bearer token). A plain
 * request rather than through Better Auth's client, so the first check of every page waits for no
 * code beyond the app shell (the client loads beside it for the sign-in forms). After a Google
 * or Apple sign-in, which ends with only a session cookie, the server answers with the token in
 * `set-auth-token`, kept like any other sign-in's. A missing or revoked session is `null` and
 * forgets the token; a failure to ask throws, so the query retries and a flaky network never
 * signs anyone out.
 */
export function fetchSession(): Promise<AuthSession | null> {
  const answer = early ?? askForSession();
  early = null;
  return answer;
}

/**
 * Starts the first session check as the page's code starts, before the app has drawn: the auth
 * provider's first check takes this answer instead of asking again. Every signed-in screen waits
 * for it, so it should not also wait for the page's chunks.
 */
export function checkSessionEarly(): Promise<AuthSession | null> {
  early ??= askForSession();
  // The provider's query reports a failure; an unhandled rejection here would be noise.
  early.catch(() => undefined);
  return early;
}

async function askForSession(): Promise<AuthSession | null> {
  // A sign-in in another tab (or a token stored while this check was under way) is not this
  // answer's to forget: only the token the check was made with is cleared.
  const askedWith = sessionToken.get();
  let response: Response;
  let data: SessionAnswer | null;
  try {
    response = await fetch(SESSION_PATH, {
      headers: askedWith ? { Authorization: `Bearer ${askedWith}` } : {},
      credentials: 'include',
    });
    data = response.ok ? ((await response.json()) as SessionAnswer | null) : null;
  } catch {
    // Not shown to anyone: the query retries, and the app treats the visitor as signed out meanwhile.
    throw new ApiError('Could not reach the server to check the sign-in.', 'NETWORK', 0);
  }
  if (!response.ok && response.status !== 401) {
    throw new ApiError('Could not check your sign-in.', 'UNAVAILABLE', response.status);
  }
  sessionToken.takeFrom(response);
  oauthReturn.settle();
  if (!data) {
    if (sessionToken.get() === askedWith) sessionToken.clear();
    return null;
  }
  return {
    id: data.session.id,
    user: {
      uid: data.user.id,
      phoneNumber: data.user.phoneNumber ?? null,
      email: realEmail(data.user.email),
    },
  };
}
