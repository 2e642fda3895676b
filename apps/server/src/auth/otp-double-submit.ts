import type { GenericEndpointContext } from 'better-auth';
import { setSessionCookie } from 'better-auth/cookies';
import { parseUserOutput } from 'better-auth/db';
import type { Database } from '../db/client';
import { firstResultOf } from './otp-attempts';
import { realEmail } from './temp-email';

/**
 * A double click on Submit sends the same right code twice. One request spends it; the other,
 * carrying that same code within a few seconds, is answered with the first one's session, so the
 * person is signed in once and sees no error. Only the database is shared, so two server instances
 * behave alike. Anyone else's guess at the spent code still spends an attempt (otp-attempts.ts).
 */

// The first request may still be creating the account of a first sign-in; the second waits this long.
const FIRST_RESULT_WAIT_MS = 3_000;
const FIRST_RESULT_POLL_MS = 50;

type SignedIn = Parameters<typeof setSessionCookie>[1];

/** The first request's answer for the second one, or null when the first did not sign in in time. */
export async function answerFromFirstResult(
  ctx: GenericEndpointContext,
  db: Database,
  markerId: string,
): Promise<Response | null> {
  const signedIn = await firstSignIn(ctx, db, markerId);
  if (!signedIn) return null;
  await setSessionCookie(ctx, signedIn);
  const output = parseUserOutput(ctx.context.options, signedIn.user);
  // A Response, since a JSON answer would keep the refusal's status. Being one, it skips the later
  // hook that hides a placeholder address, so that is done here.
  return Response.json({
    status: true,
    token: signedIn.session.token,
    user: { ...output, email: realEmail(output.email) },
  });
}

async function firstSignIn(
  ctx: GenericEndpointContext,
  db: Database,
  markerId: string,
): Promise<SignedIn | null> {
  const deadline = Date.now() + FIRST_RESULT_WAIT_MS;
  for (;;) {
    const sessionId = await firstResultOf(db, markerId);
    if (sessionId) return signInOf(ctx, sessionId);
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, FIRST_RESULT_POLL_MS));
  }
}

async function signInOf(ctx: GenericEndpointContext, sessionId: string): Promise<SignedIn | null> {
  const { adapter } = ctx.context;
  const session = await adapter.findOne<SignedIn['session']>({
    model: 'session',
    where: [{ field: 'id', value: sessionId }],
  });
  if (!session || new Date(session.expiresAt) <= new Date()) return null;
  const user = await adapter.findOne<SignedIn['user']>({
    model: 'user',
    where: [{ field: 'id', value: session.userId }],
  });
  return user ? { session, user } : null;
}
