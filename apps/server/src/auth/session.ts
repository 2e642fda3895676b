import type { User } from '@stillpoint/core';
import { isAPIError } from 'better-auth/api';
import type { Auth } from './index';
import { realEmail } from './temp-email';

/** The signed-in person as the API sees them; `email` is null for a phone-only account. */
export interface SessionUser {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  name: string | null;
}

interface BetterAuthUser {
  id: string;
  email: string;
  name: string;
  phoneNumber?: string | null;
}

export function toSessionUser(user: BetterAuthUser): SessionUser {
  return {
    id: user.id,
    email: realEmail(user.email),
    phoneNumber: user.phoneNumber ?? null,
    name: user.name.trim() === '' ? null : user.name,
  };
}

/** The SPEC §3 user (uid, phone number, e-mail). */
export const apiUser = (user: SessionUser): User => ({
  uid: user.id,
  phoneNumber: user.phoneNumber,
  email: user.email,
});

/**
 * The user behind `Authorization: Bearer <token>`, or null. Only the bearer header is passed on:
 * the API is bearer-only (SPEC §7), so a leftover session cookie never signs a request in.
 */
export async function sessionUserFromBearer(auth: Auth, authorization: string | undefined) {
  if (!authorization) return null;
  try {
    const result = await auth.api.getSession({ headers: new Headers({ authorization }) });
    return result ? toSessionUser(result.user) : null;
  } catch (error) {
    // A malformed token is simply not a session; anything else is a real failure.
    if (isAPIError(error) && error.statusCode < 500) return null;
    throw error;
  }
}

/** The id (never the token) of the session behind `Authorization: Bearer <token>`, or null. */
export async function sessionIdFromBearer(auth: Auth, authorization: string | undefined) {
  if (!authorization) return null;
  try {
    const result = await auth.api.getSession({ headers: new Headers({ authorization }) });
    return result?.session.id ?? null;
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return null;
    throw error;
  }
}

/** A fresh session for a user who proved themselves another way (the extension token exchange). */
export async function issueSession(
  auth: Auth,
  userId: string,
  client: { ipAddress: string; userAgent: string },
): Promise<{ token: string; user: SessionUser } | null> {
  const context = await auth.$context;
  const user = await context.internalAdapter.findUserById(userId);
  if (!user) return null;
  const session = await context.internalAdapter.createSession(userId, false, client);
  return { token: session.token, user: toSessionUser(user) };
}
