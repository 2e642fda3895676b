import { createHash, randomBytes } from 'node:crypto';
import { brand, type User } from '@stillpoint/core';
import type { Auth } from '../../auth';
import { apiUser, issueSession, type SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { deleteDeadTokens, insertExchangeToken, redeemExchangeToken } from './repo';

export const EXCHANGE_TOKEN_TTL_SECONDS = 5 * 60;

// Only the hash is stored, so a copy of the table cannot be replayed as tokens.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The web app asks for a token and hands it to the extension (USER_ACCESS_TOKEN_EXCHANGE). It is
 * 32 random bytes, good for 5 minutes and one exchange, and only while the web session that asked
 * for it lasts: a token caught in transit is worth little, and nothing after sign-out.
 */
export async function createExchangeToken(
  db: Database,
  user: SessionUser,
  sessionId: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deleteDeadTokens(db, user.id);
  await insertExchangeToken(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    sessionId,
    ttlSeconds: EXCHANGE_TOKEN_TTL_SECONDS,
  });
  return token;
}

/**
 * The extension trades the token for a session of its own: a new Better Auth session, so signing
 * out of the web app does not sign the extension out, and each can be revoked alone.
 */
export async function exchangeToken(
  deps: { db: Database; auth: Auth },
  token: string,
  client: { ipAddress: string; userAgent: string },
): Promise<{ sessionToken: string; user: User }> {
  const userId = await redeemExchangeToken(deps.db, hashToken(token));
  const issued = userId ? await issueSession(deps.auth, userId, client) : null;
  if (!issued) {
    throw new AppError(
      'UNAUTHENTICATED',
      `This sign-in link for the extension has expired or was already used. Open ${brand.name} and try again.`,
    );
  }
  return { sessionToken: issued.token, user: apiUser(issued.user) };
}
