import { timingSafeEqual } from 'node:crypto';
import type { GenericEndpointContext } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { parseUserOutput } from 'better-auth/db';
import { OTP_ALLOWED_ATTEMPTS, OTP_DOUBLE_SUBMIT_SECONDS, OTP_IDENTIFIER_PREFIX } from './otp';
import { realEmail } from './temp-email';

/**
 * A double click on Submit sends the same right code twice. One request spends it, and the other
 * would be told the code is not right although the person typed it correctly. So a request that
 * is about to spend a right code first notes it as just used, for a few seconds, in Better Auth's
 * verification table; a request refused for that same code and number within those seconds signs
 * the person in as well. Only the database is shared, so two server instances behave alike.
 *
 * The code stays single-use against anyone else: a wrong code, an expired one, or the right one
 * replayed after those seconds fails exactly as before.
 */

/** Where a code about to be spent is noted, apart from where live codes are. */
const JUST_USED_IDENTIFIER_PREFIX = 'phone-number-just-used-';

// The winner may still be creating the account of a first sign-in; the other request waits this long.
const ACCOUNT_WAIT_MS = 3_000;
const ACCOUNT_POLL_MS = 50;

// What the slower request is told by Better Auth: the code was gone, or went between read and spend.
const CODE_GONE = new Set(['INVALID_OTP', 'OTP_NOT_FOUND']);

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The before step of /phone-number/verify: a right, live code is noted as just used before it is spent. */
export async function noteCodeAboutToBeUsed(ctx: GenericEndpointContext, phoneNumber: string, code: string) {
  const { internalAdapter } = ctx.context;
  const stored = await internalAdapter.findVerificationValue(`${OTP_IDENTIFIER_PREFIX}${phoneNumber}`);
  if (!stored || stored.expiresAt <= new Date()) return;
  const [storedCode = '', attempts = '0'] = stored.value.split(':');
  if (Number(attempts) >= OTP_ALLOWED_ATTEMPTS || !sameCode(storedCode, code)) return;
  await internalAdapter.createVerificationValue({
    identifier: `${JUST_USED_IDENTIFIER_PREFIX}${phoneNumber}`,
    value: code,
    expiresAt: new Date(Date.now() + OTP_DOUBLE_SUBMIT_SECONDS * 1000),
  });
}

/**
 * The after step: when this request was refused for a code just used on this number, a session
 * for the person it belongs to, answered exactly as a successful verify is. Null otherwise.
 */
export async function answerDoubleSubmit(
  ctx: GenericEndpointContext,
  returned: unknown,
  { phoneNumber, code }: { phoneNumber: string; code: string },
) {
  if (!isAPIError(returned)) return null;
  const errorCode = (returned.body as { code?: unknown } | undefined)?.code;
  if (typeof errorCode !== 'string' || !CODE_GONE.has(errorCode)) return null;

  const { internalAdapter } = ctx.context;
  const justUsed = await internalAdapter.findVerificationValue(
    `${JUST_USED_IDENTIFIER_PREFIX}${phoneNumber}`,
  );
  if (!justUsed || justUsed.expiresAt <= new Date() || !sameCode(justUsed.value, code)) return null;

  const user = await verifiedUserWith(ctx, phoneNumber);
  if (!user) return null;
  const session = await internalAdapter.createSession(user.id);
  await setSessionCookie(ctx, { session, user });
  const output = parseUserOutput(ctx.context.options, user);
  // A Response, since a JSON answer would keep the refusal's status. Being one, it skips the later
  // hook that hides a placeholder address, so that is done here.
  return Response.json({
    status: true,
    token: session.token,
    user: { ...output, email: realEmail(output.email) },
  });
}

type SignedInUser = Parameters<typeof setSessionCookie>[1]['user'];

async function verifiedUserWith(
  ctx: GenericEndpointContext,
  phoneNumber: string,
): Promise<SignedInUser | null> {
  const deadline = Date.now() + ACCOUNT_WAIT_MS;
  for (;;) {
    const user = await ctx.context.adapter.findOne<SignedInUser & { phoneNumberVerified?: boolean | null }>({
      model: 'user',
      where: [{ field: 'phoneNumber', value: phoneNumber }],
    });
    if (user?.phoneNumberVerified) return user;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, ACCOUNT_POLL_MS));
  }
}
