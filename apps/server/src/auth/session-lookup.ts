import { createHMAC } from '@better-auth/utils/hmac';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { rowsStatement } from '../db/rows';
import { session, user } from '../db/schema';
import { BoundedMemory } from './bounded-memory';
import { type Auth, SESSION_LIFETIME } from './index';
import { type SessionUser, sessionUserFromBearer, toSessionUser } from './session';

/** Better Auth's bearer plugin: its scheme, compared on the header's first 7 characters, any case. */
const BEARER_SCHEME = 'bearer ';

/** The plugin's own decode: a value that is not valid percent-encoding is kept as it is. */
const tryDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The signature's form Better Auth's session cookie read accepts once the plugin has turned the
 * bearer into that cookie (better-call's `getSignedCookie`: 44 characters ending in `=`, decoded
 * by `atob`, so the standard alphabet only). The plugin's own check also takes base64url; a value
 * only it accepts is still no session in `getSession`, so it is none here either.
 */
const cookieSignatureForm = (signature: string) =>
  signature.length === 44 && signature.endsWith('=') && !signature.includes('-') && !signature.includes('_');

/** Checks `signature` against `token` under the auth secret, through Better Auth's own helper. */
type Verify = (token: string, signature: string) => Promise<boolean>;

/**
 * The session token an Authorization header names, read as Better Auth's bearer plugin reads it
 * (plugins/bearer): the scheme, the trim, the decode rule and the split are the plugin's, and the
 * signature is checked by the same exported helper it calls. A value without a `.` is a bare token,
 * which the plugin signs itself and so accepts (it is not configured with `requireSignature`).
 */
export async function bearerSessionToken(
  authorization: string | undefined,
  verify: Verify,
): Promise<string | null> {
  const header = authorization?.trim();
  if (!header || header.slice(0, 7).toLowerCase() !== BEARER_SCHEME) return null;
  const value = header.slice(7).trim();
  if (!value) return null;
  if (!value.includes('.')) return value;
  const decoded = value.includes('%') ? tryDecode(value) : value;
  const parts = decoded.split('.');
  const [token = '', signature = ''] = parts;
  // More than one `.`: the plugin checks the first two parts, the cookie read the last one against
  // all before it; both can hold only for a forged value.
  if (parts.length !== 2 || token === '' || !cookieSignatureForm(signature)) return null;
  try {
    return (await verify(token, signature)) ? token : null;
  } catch {
    return null;
  }
}

/** The session a token names and its person, as the API needs them (a hot read, decision 036). */
const sessionUserByToken = rowsStatement(
  'session_user_by_token',
  (db) =>
    db
      .select({
        expiresAt: session.expiresAt,
        id: user.id,
        email: user.email,
        name: user.name,
        phoneNumber: user.phoneNumber,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, sql.placeholder('token'))),
  ([expiresAt, id, email, name, phoneNumber]) => ({
    expiresAtMs: (expiresAt as Date).getTime(),
    user: {
      id: id as string,
      email: email as string,
      name: name as string,
      phoneNumber: phoneNumber as string | null,
    },
  }),
);

/**
 * How many signed values are remembered as verified. Only good signatures are kept, so a caller
 * without the secret cannot fill it; it holds no session state, so it changes no answer, only
 * what a repeated value costs (bench/README, decision 048). A person's devices each send their own.
 */
const VERIFIED_VALUES = 10_000;

/**
 * The signed-in person behind an Authorization header, one session verifier (decision 048): the
 * signature checked by Better Auth's own helper, then one indexed read of Better Auth's session
 * table joined to its person. The database is the only truth, so a signed-out, revoked, expired or
 * deleted session is refused at once, on every instance. When a session is due to slide its expiry
 * (SESSION_LIFETIME, at most once a day per session), Better Auth's `getSession` answers instead and
 * does the sliding: its endpoint costs several times this path, so it runs only then.
 */
export function createSessionLookup(auth: Auth, database: DatabaseHandle) {
  const hmac = createHMAC('SHA-256', 'base64urlnopad');
  const key = auth.$context.then((context) => hmac.importKey(context.secret, 'verify'));
  const verified = new BoundedMemory<string, true>(VERIFIED_VALUES);
  const verify: Verify = async (token, signature) => {
    const value = `${token}.${signature}`;
    if (verified.get(value)) return true;
    const good = await hmac.verify(await key, token, signature);
    if (good) verified.set(value, true);
    return good;
  };
  const slideAfterMs = (SESSION_LIFETIME.expiresInSeconds - SESSION_LIFETIME.updateAgeSeconds) * 1000;

  const lookup = async (authorization: string | undefined): Promise<SessionUser | null> => {
    const token = await bearerSessionToken(authorization, verify);
    if (!token) return null;
    const [found] = await sessionUserByToken(database.db, { token });
    const now = Date.now();
    if (!found || found.expiresAtMs <= now) return null;
    if (found.expiresAtMs - slideAfterMs <= now) return sessionUserFromBearer(auth, authorization);
    return toSessionUser(found.user);
  };
  return { lookup };
}
