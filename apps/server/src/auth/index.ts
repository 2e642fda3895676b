import { brand } from '@stillpoint/core';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, isAPIError } from 'better-auth/api';
import { bearer, captcha, oauthPopup, phoneNumber } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';
import type { SmsSender } from '../integrations/sms';
import { hidePlaceholderEmail } from './hide-placeholder-email';
import { identityProviders } from './identity-providers';
import {
  OTP_ALLOWED_ATTEMPTS,
  OTP_EXPIRES_IN_SECONDS,
  OTP_IDENTIFIER_PREFIX,
  OTP_LENGTH,
  smsText,
} from './otp';
import { phonePolicy, verifyPhoneCode } from './phone-policy';
import { sessionsById } from './sessions-by-id';
import { onlyGoogleAndApple } from './sign-in-methods';
import { placeholderEmailFor } from './temp-email';

export const AUTH_BASE_PATH = '/api/auth';

const DAY_SECONDS = 24 * 60 * 60;
/** How long a session lasts unused, and how often its use slides that expiry forward. */
export const SESSION_LIFETIME = {
  expiresInSeconds: 30 * DAY_SECONDS,
  updateAgeSeconds: DAY_SECONDS,
} as const;

export interface AuthDependencies {
  config: Config;
  database: DatabaseHandle;
  smsSender: SmsSender;
  log: FastifyBaseLogger;
  /** Built once by the caller when it also needs `info` (getAuthConfig); built here otherwise. */
  providers?: ReturnType<typeof identityProviders>;
}

/**
 * The Better Auth instance: Drizzle on the shared schema, sessions as bearer tokens, sign-in by
 * phone code, Google and Apple only (see sign-in-methods.ts), popup OAuth, and a bot check on the
 * send-code call when a captcha provider is configured.
 */
export function createAuth({ config, database, smsSender, log, providers }: AuthDependencies) {
  const { socialProviders, plugins: providerPlugins, info } = providers ?? identityProviders(config);
  const testNumbers = config.auth.testPhoneNumbers;
  const captchaConfig = config.auth.captcha;

  return betterAuth({
    appName: brand.name,
    basePath: AUTH_BASE_PATH,
    baseURL: config.publicUrl,
    secret: config.auth.secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(database.db, { provider: 'pg', schema, usePlural: false }),
    emailAndPassword: { enabled: false },
    socialProviders,
    account: {
      // Google and Apple both verify e-mail addresses, so one person signing in with either lands in
      // one account (and keeps one subscription). Only verified addresses on both sides link;
      // phone accounts carry an unverified placeholder address and never link.
      accountLinking: { enabled: true, requireLocalEmailVerified: true, allowDifferentEmails: false },
    },
    session: {
      // A signed-in browser or extension stays signed in while it is used; updateAge slides the expiry.
      expiresIn: SESSION_LIFETIME.expiresInSeconds,
      updateAge: SESSION_LIFETIME.updateAgeSeconds,
    },
    // @fastify/rate-limit (shared through Redis) limits /api/auth; a second limiter would disagree with it.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Better Auth's own messages go to the server's log (pino decides what is shown). A refused code
    // or an invalid number is an ordinary answer, not an error: only failures on our side are logged.
    logger: {
      level: 'info',
      log: (level, message, ...args) => log[level]({ args }, `auth: ${message}`),
    },
    onAPIError: {
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        log.error({ err: error }, 'auth request failed');
      },
    },
    databaseHooks: {
      verification: {
        create: {
          // A test number's code is its fixed one. Swapping the stored value (and keeping the attempt
          // counter after the colon) sends it through the very same verification as a real code.
          before: async (verification) => {
            if (!verification.identifier.startsWith(OTP_IDENTIFIER_PREFIX)) return;
            const fixed = testNumbers.get(verification.identifier.slice(OTP_IDENTIFIER_PREFIX.length));
            if (!fixed) return;
            const attempts = verification.value.split(':')[1] ?? '0';
            return { data: { ...verification, value: `${fixed}:${attempts}` } };
          },
        },
      },
    },
    plugins: [
      // Before bearer(): a session phonePolicy opens must get bearer's set-auth-token header.
      phonePolicy({
        db: database.db,
        testPhoneNumbers: testNumbers,
        testNumbersSkipLimits: config.auth.testNumbersSkipLimits,
        sendCooldownSeconds: config.auth.otpSendCooldownSeconds,
      }),
      bearer(),
      phoneNumber({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_EXPIRES_IN_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        // Every guess spends an attempt, concurrent ones too (otp-attempts.ts).
        verifyOTP: verifyPhoneCode(database.db),
        // Codes come from Better Auth's generator: crypto.getRandomValues with rejection sampling.
        sendOTP: async ({ phoneNumber: to, code }) => {
          if (testNumbers.has(to)) return;
          try {
            await smsSender.send({ to, body: smsText(brand.name, code) });
          } catch (error) {
            log.error({ err: error }, 'sending a sign-in code failed');
            throw new APIError('BAD_GATEWAY', {
              code: 'SMS_NOT_SENT',
              message: 'We could not send a code right now. Please try again in a moment.',
            });
          }
        },
        signUpOnVerification: {
          getTempEmail: placeholderEmailFor,
          // The phone number is not a name; the greeting falls back gracefully without one.
          getTempName: () => '',
        },
      }),
      hidePlaceholderEmail(),
      sessionsById(),
      oauthPopup(),
      onlyGoogleAndApple(info),
      ...(captchaConfig
        ? [
            captcha({
              provider: captchaConfig.provider,
              secretKey: captchaConfig.secretKey,
              endpoints: ['/phone-number/send-otp'],
            }),
          ]
        : []),
      ...providerPlugins,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The web app's own origin; the extension's when its id is known (it calls /api/auth too); and
 * Apple's, which posts its sign-in callback to us as a form (response_mode=form_post).
 */
function trustedOrigins(config: Config): string[] {
  const origins = [new URL(config.publicUrl).origin];
  if (config.extensionId) origins.push(`chrome-extension://${config.extensionId}`);
  if (config.auth.apple) origins.push('https://appleid.apple.com');
  return origins;
}
