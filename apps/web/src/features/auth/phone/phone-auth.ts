// Loaded on first use, like the session check's: the sign-in page draws without Better Auth's client.
import { loadAuthClient } from '../../../lib/auth/session';
import { botCheckHeaders } from './bot-check';

/** What a phone step reports: done, or the failure for authErrorMessage to explain. */
export type PhoneAuthResult = { ok: true } | { ok: false; error: unknown };

async function attempt(call: () => Promise<{ error: unknown }>): Promise<PhoneAuthResult> {
  try {
    const { error } = await call();
    return error ? { ok: false, error } : { ok: true };
  } catch (error) {
    // Offline, or the server did not answer: fetch throws a TypeError, which reads as a network failure.
    return { ok: false, error };
  }
}

/** POST /api/auth/phone-number/send-otp: the server texts a 6-digit code (test numbers get none). */
export const sendConfirmationCode = (phoneNumber: string, botCheckToken: string | null) =>
  attempt(async () =>
    (await loadAuthClient()).phoneNumber.sendOtp(
      { phoneNumber },
      { headers: botCheckHeaders(botCheckToken) },
    ),
  );

/**
 * POST /api/auth/phone-number/verify: signs in (creating the account on first use). The response's
 * set-auth-token header becomes the bearer token (see authClient) and Better Auth's session signal
 * makes the app re-read the session.
 */
export const verifyConfirmationCode = (phoneNumber: string, code: string) =>
  attempt(async () => (await loadAuthClient()).phoneNumber.verify({ phoneNumber, code }));
