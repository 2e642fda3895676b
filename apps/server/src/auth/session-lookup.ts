import type { Auth } from './index';
import { type SessionUser, sessionUserFromBearer } from './session';

/**
 * The signed-in person behind an Authorization header, as Better Auth answers it: its bearer
 * plugin checks the signature, its session lookup reads the session and its person, and a session
 * due to slide gets its new expiry there too (SESSION_LIFETIME). The database is the only truth,
 * so a signed-out, revoked or expired session is refused at once, on every instance
 * (decision 048).
 */
export function createSessionLookup(auth: Auth) {
  const lookup = (authorization: string | undefined): Promise<SessionUser | null> =>
    sessionUserFromBearer(auth, authorization);
  return { lookup };
}
