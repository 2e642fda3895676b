import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Database } from '../db/client';
import { OTP_LENGTH, OTP_SEND_LIMITS } from './otp';
import { checkPhoneCode, noteFirstResult } from './otp-attempts';
import { answerFromFirstResult } from './otp-double-submit';
import { reserveOtpSend } from './otp-send-log';
import { normalisePhoneNumber } from './phone-numbers';

export interface PhonePolicyOptions {
  db: Database;
  testPhoneNumbers: ReadonlyMap<string, string>;
  /** Development and test only (config.auth.testNumbersSkipLimits): test numbers skip the send limits. */
  testNumbersSkipLimits: boolean;
  /** Seconds between two codes to one number (config.auth.otpSendCooldownSeconds). */
  sendCooldownSeconds: number;
}

const INVALID_NUMBER =
  'Enter a valid phone number, including its country code (for example +1 415 555 2671).';

const asRecord = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

function requirePhoneNumber(body: Record<string, unknown>, testNumbers: ReadonlyMap<string, string>): string {
  const phoneNumber = normalisePhoneNumber(body.phoneNumber, testNumbers);
  if (!phoneNumber)
    throw new APIError('BAD_REQUEST', { code: 'INVALID_PHONE_NUMBER', message: INVALID_NUMBER });
  return phoneNumber;
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

// Better Auth's verify errors ("Invalid OTP", ...) reworded for people; the codes stay as they are.
const verifyMessages = {
  INVALID_OTP: 'That code is not right. Check it and try again.',
  OTP_EXPIRED: 'This code has expired. Ask for a new code.',
  OTP_NOT_FOUND: 'This code is no longer valid. Ask for a new code.',
  TOO_MANY_ATTEMPTS: 'Too many attempts with this code. Ask for a new code.',
} as const;

const verifyError = (status: 'BAD_REQUEST' | 'FORBIDDEN', code: keyof typeof verifyMessages) =>
  new APIError(status, { code, message: verifyMessages[code] });

// A double submit found by the check, answered by the after step with the first request's session.
const JUST_USED = 'OTP_JUST_USED';
const justUsedMarkers = new WeakMap<Request, string>();

/**
 * The phoneNumber plugin's verifyOTP: Stillpoint's atomic check (otp-attempts.ts) in place of the
 * plugin's own, which lets concurrent requests past without comparing their codes.
 */
export function verifyPhoneCode(db: Database) {
  return async (
    { phoneNumber, code }: { phoneNumber: string; code: string },
    ctx?: { request?: Request },
  ): Promise<boolean> => {
    const checked = await checkPhoneCode(db, phoneNumber, code);
    switch (checked.outcome) {
      case 'right':
        return true;
      case 'wrong':
        return false;
      case 'too-many-attempts':
        throw verifyError('FORBIDDEN', 'TOO_MANY_ATTEMPTS');
      case 'expired':
        throw verifyError('BAD_REQUEST', 'OTP_EXPIRED');
      case 'not-found':
        throw verifyError('BAD_REQUEST', 'OTP_NOT_FOUND');
      case 'just-used':
        if (!ctx?.request) throw verifyError('BAD_REQUEST', 'OTP_NOT_FOUND');
        justUsedMarkers.set(ctx.request, checked.markerId);
        throw new APIError('BAD_REQUEST', { code: JUST_USED });
    }
  };
}

function readableVerifyError(returned: unknown): APIError | null {
  if (!isAPIError(returned)) return null;
  const code = (returned.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return null;
  const message = (verifyMessages as Record<string, string>)[code];
  return message ? new APIError(returned.status, { code, message }) : null;
}

/**
 * What Stillpoint adds to Better Auth's phoneNumber plugin: a readable 400 for an invalid number,
 * numbers normalised to E.164 on send and verify alike, a per-number send cooldown and hourly cap,
 * a strict verify body, codes checked atomically so every guess spends an attempt (otp-attempts.ts),
 * and a double-submitted right code answered with the first request's session rather than failing
 * (otp-double-submit.ts). The cooldown answers the same whether or not the number has an account,
 * so the send call reveals nothing about who signed up.
 */
export function phonePolicy({
  db,
  testPhoneNumbers,
  testNumbersSkipLimits,
  sendCooldownSeconds,
}: PhonePolicyOptions): BetterAuthPlugin {
  const sendLimits = { ...OTP_SEND_LIMITS, cooldownSeconds: sendCooldownSeconds };
  return {
    id: 'stillpoint-phone-policy',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/phone-number/send-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const body = asRecord(ctx.body);
            const phoneNumber = requirePhoneNumber(body, testPhoneNumbers);
            // In development and test, test numbers send nothing and the suites sign in with them
            // repeatedly. Elsewhere their fixed code makes the limits matter more, not less.
            if (!(testNumbersSkipLimits && testPhoneNumbers.has(phoneNumber))) {
              const reservation = await reserveOtpSend(db, phoneNumber, sendLimits);
              if (!reservation.allowed) {
                throw new APIError('TOO_MANY_REQUESTS', {
                  code: reservation.reason === 'cooldown' ? 'OTP_SEND_COOLDOWN' : 'OTP_SEND_HOURLY_CAP',
                  message:
                    reservation.reason === 'cooldown'
                      ? `A code was just sent. Please wait ${reservation.retryAfterSeconds} seconds before asking for another.`
                      : `Too many codes were sent to this number. Please try again in ${minutes(reservation.retryAfterSeconds)} minutes.`,
                });
              }
            }
            return { context: { body: { ...body, phoneNumber } } };
          }),
        },
        {
          matcher: (context) => context.path === '/phone-number/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const body = asRecord(ctx.body);
            // Only sign-in by code: no attaching numbers to other sessions, no extra user fields.
            const unexpected = Object.keys(body).filter((key) => key !== 'phoneNumber' && key !== 'code');
            if (unexpected.length > 0) {
              throw new APIError('BAD_REQUEST', {
                code: 'UNEXPECTED_FIELD',
                message: `Unexpected field: ${unexpected.join(', ')}.`,
              });
            }
            const phoneNumber = requirePhoneNumber(body, testPhoneNumbers);
            if (typeof body.code !== 'string' || !new RegExp(`^\\d{${OTP_LENGTH}}$`).test(body.code)) {
              throw new APIError('BAD_REQUEST', {
                code: 'INVALID_OTP_FORMAT',
                message: `Enter the ${OTP_LENGTH}-digit code we sent you.`,
              });
            }
            return { context: { body: { ...body, phoneNumber } } };
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === '/phone-number/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            const markerId = ctx.request ? justUsedMarkers.get(ctx.request) : undefined;
            if (markerId) {
              const signedIn = await answerFromFirstResult(ctx, db, markerId);
              if (signedIn) return signedIn;
              throw verifyError('BAD_REQUEST', 'OTP_NOT_FOUND');
            }
            const newSession = ctx.context.newSession;
            const phoneNumber = normalisePhoneNumber(asRecord(ctx.body).phoneNumber, testPhoneNumbers);
            if (!isAPIError(returned) && newSession && phoneNumber) {
              await noteFirstResult(db, phoneNumber, newSession.session.id);
            }
            const readable = readableVerifyError(returned);
            if (readable) throw readable;
          }),
        },
      ],
    },
  };
}
