import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { rowsStatement } from '../db/rows';
import { session, user } from '../db/schema';
import { BoundedMemory } from './bounded-memory';
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

/** How many signed bearer values are remembered as verified; a person's devices each send their own. */
const VERIFIED_BEARERS = 10_000;

/**
 * The token a signed bearer value names, its signature checked once per value: an HMAC per call
 * is a measurable share of the API's hot path, and the answer for the same text never changes.
 * Only good signatures are kept (a caller without the secret cannot fill the memory), and no
 * session state is: every call still looks the session up, so revocation takes effect at once.
 */
function verifiedBearers(secret: string) {
  const verified = new BoundedMemory<string, string>(VERIFIED_BEARERS);
  return (bearer: string): string | null => {
    const known = verified.get(bearer);
    if (known !== undefined) return known;
    const token = sessionTokenOf(bearer, secret);
    if (token === null || token === bearer) return token;
    verified.set(bearer, token);
    return token;
  };
}

type FoundSession = { expiresAtMs: number; user: Parameters<typeof toSessionUser>[0] };

/** How many sessions PGlite's lookup remembers; one person's devices each hold their own. */
const REMEMBERED_SESSIONS = 10_000;

/** Finds the session row behind a token; `stop` ends whatever listening that needs. */
interface SessionFinder<Found> {
  find: (token: string) => Promise<Found | undefined>;
  stop: () => void;
}

/**
 * `find`, with the rows found remembered until `onSessionsChanged` reports a write. A row read
 * while a write landed is not kept: the write may have changed it after it was read (the listener
 * runs as the write's query returns, which can fall between a read and its caller resuming).
 * Unknown tokens are never remembered, so guesses cannot fill memory.
 */
export function rememberedSessions<Found>(
  find: (token: string) => Promise<Found | undefined>,
  onSessionsChanged: (listener: () => void) => () => void,
): SessionFinder<Found> {
  const remembered = new BoundedMemory<string, Found>(REMEMBERED_SESSIONS);
  let writes = 0;
  const stop = onSessionsChanged(() => {
    writes += 1;
    remembered.clear();
  });
  return {
    find: async (token) => {
      const known = remembered.get(token);
      if (known) return known;
      const writesBefore = writes;
      const found = await find(token);
      if (found && writes === writesBefore) remembered.set(token, found);
      return found;
    },
    stop,
  };
}

/**
 * The session row behind a token. On PostgreSQL, one indexed query every call: other instances
 * write to the same database, so only it can say at once that a session is gone. On PGlite, one
 * process sees every write, so the rows found are remembered until any write changes who is signed
 * in (db/session-changes.ts).
 */
function sessionFinder(database: DatabaseHandle): SessionFinder<FoundSession> {
  const find = async (token: string) => (await sessionUserByToken(database.db, { token }))[0];
  if (!database.onSessionsChanged) return { find, stop: () => {} };
  return rememberedSessions(find, database.onSessionsChanged);
}

/**
 * The signed-in person behind an Authorization header: one indexed query on every call of the API
 * (on PGlite, a remembered answer until a write changes it). The database stays the only truth,
 * so a revoked or expired session is refused at once, on every instance. Better Auth's own lookup
 * (a request context, the signature checked through WebCrypto, two queries) runs only when a
 * session is due to slide its expiry, at most once a day per session, and it does the sliding.
 */
export function createSessionLookup(auth: Auth, database: DatabaseHandle) {
  const tokenOf = auth.$context.then((context) => verifiedBearers(context.secret));
  const sessions = sessionFinder(database);
  const slideAfterMs = (SESSION_LIFETIME.expiresInSeconds - SESSION_LIFETIME.updateAgeSeconds) * 1000;

  const lookup = async (authorization: string | undefined): Promise<SessionUser | null> => {
    const bearer = authorization?.trim().match(BEARER)?.[1]?.trim();
    if (!bearer) return null;
    const token = (await tokenOf)(bearer);
    if (!token) return null;
    const found = await sessions.find(token);
    const now = Date.now();
    if (!found || found.expiresAtMs <= now) return null;
    // Due to slide: Better Auth refreshes the expiry (and answers the same person).
    if (found.expiresAtMs - slideAfterMs <= now) return sessionUserFromBearer(auth, authorization);
    return toSessionUser(found.user);
  };
  /** Stops listening for PGlite's session changes: the database may outlive the app. */
  return { lookup, stop: sessions.stop };
}
