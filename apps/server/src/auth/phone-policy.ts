import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Database } from '../db/client';
import { OTP_LENGTH, OTP_SEND_LIMITS } from './otp';
import { answerDoubleSubmit, noteCodeAboutToBeUsed } from './otp-double-submit';
import { reserveOtpSend } from './otp-send-log';
import { normalisePhoneNumber } from './phone-numbers';

export interface PhonePolicyOptions {
  db: Database;
  testPhoneNumbers: ReadonlyMap<string, string>;
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
const verifyMessages: Record<string, string> = {
  INVALID_OTP: 'That code is not right. Check it and try again.',
  OTP_EXPIRED: 'This code has expired. Ask for a new code.',
  OTP_NOT_FOUND: 'This code is no longer valid. Ask for a new code.',
  TOO_MANY_ATTEMPTS: 'Too many attempts with this code. Ask for a new code.',
};

function readableVerifyError(returned: unknown): APIError | null {
  if (!isAPIError(returned)) return null;
  const code = (returned.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return null;
  const message = verifyMessages[code];
  return message ? new APIError(returned.status, { code, message }) : null;
}

/**
 * What Stillpoint adds to Better Auth's phoneNumber plugin: a readable 400 for an invalid number,
 * numbers normalised to E.164 on send and verify alike, a per-number send cooldown and hourly cap,
 * a strict verify body, and a double-submitted right code signing in twice rather than failing once
 * (otp-double-submit.ts). The cooldown answers the same whether or not the number has an account,
 * so the send call reveals nothing about who signed up.
 */
export function phonePolicy({ db, testPhoneNumbers }: PhonePolicyOptions): BetterAuthPlugin {
  return {
    id: 'stillpoint-phone-policy',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/phone-number/send-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const body = asRecord(ctx.body);
            const phoneNumber = requirePhoneNumber(body, testPhoneNumbers);
            // Test numbers send nothing, so they cost nothing; the e2e suite signs in with them repeatedly.
            if (!testPhoneNumbers.has(phoneNumber)) {
              const reservation = await reserveOtpSend(db, phoneNumber, OTP_SEND_LIMITS);
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
            await noteCodeAboutToBeUsed(ctx, phoneNumber, body.code);
            return { context: { body: { ...body, phoneNumber } } };
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === '/phone-number/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const body = asRecord(ctx.body);
            const phoneNumber = normalisePhoneNumber(body.phoneNumber, testPhoneNumbers);
            if (phoneNumber && typeof body.code === 'string') {
              const signedIn = await answerDoubleSubmit(ctx, ctx.context.returned, {
                phoneNumber,
                code: body.code,
              });
              if (signedIn) return signedIn;
            }
            const readable = readableVerifyError(ctx.context.returned);
            if (readable) throw readable;
          }),
        },
      ],
    },
  };
}
