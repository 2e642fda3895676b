import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { session, user } from '../db/schema';
import { type Auth, SESSION_LIFETIME } from './index';
import { type SessionUser, sessionUserFromBearer, toSessionUser } from './session';

const BEARER = /^bearer\s+(.+)$/i;

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A signature in base64 or base64url, padded or not, as sign-in hands it out (standard base64). */
const SIGNATURE = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/;

/**
 * The session token a bearer value names, as Better Auth's bearer plugin reads it: `<token>.<sig>`
 * (the signed form sign-in hands out) when the signature is the HMAC-SHA256 of the token under the
 * auth secret, or a bare token. Null when the signature does not match.
 */
export function sessionTokenOf(bearer: string, secret: string): string | null {
  const value = bearer.includes('.') && bearer.includes('%') ? decoded(bearer) : bearer;
  if (!value.includes('.')) return value;
  const [token = '', signature = ''] = value.split('.');
  if (!SIGNATURE.test(signature)) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The signed-in person behind an Authorization header in one indexed query, on every call of the
 * API. The database stays the only truth, so a revoked or expired session is refused at once, on
 * every instance. Better Auth's own lookup (a request context, the signature checked through
 * WebCrypto, two queries) runs only when a session is due to slide its expiry, at most once a day
 * per session, and it does the sliding.
 */
export function createSessionLookup(auth: Auth, db: Database) {
  const bySessionToken = db
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      email: user.email,
      name: user.name,
      phoneNumber: user.phoneNumber,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('session_user_by_token');
  const secret = auth.$context.then((context) => context.secret);
  const slideAfterMs = (SESSION_LIFETIME.expiresInSeconds - SESSION_LIFETIME.updateAgeSeconds) * 1000;

  return async (authorization: string | undefined): Promise<SessionUser | null> => {
    const bearer = authorization?.trim().match(BEARER)?.[1]?.trim();
    if (!bearer) return null;
    const token = sessionTokenOf(bearer, await secret);
    if (!token) return null;
    const [found] = await bySessionToken.execute({ token });
    const now = Date.now();
    if (!found || found.expiresAt.getTime() <= now) return null;
    // Due to slide: Better Auth refreshes the expiry (and answers the same person).
    if (found.expiresAt.getTime() - slideAfterMs <= now) return sessionUserFromBearer(auth, authorization);
    return toSessionUser(found);
  };
}
