import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { userSchema } from './user';

/** How the web app should start a Google or Apple sign-in: a built-in provider or a generic OAuth one. */
export const identityProviderInfoSchema = z.object({
  /** 'social' = Better Auth's built-in provider (real client ids); 'oauth2' = the development identity provider. */
  kind: z.enum(['social', 'oauth2']),
  /** The provider id to pass to the sign-in call. */
  id: z.string(),
});

export const authConfigSchema = z.object({
  google: identityProviderInfoSchema,
  apple: identityProviderInfoSchema,
  /** Present when phone sign-in needs a bot-check token (SPEC §5). */
  captcha: z.nullable(z.object({ provider: z.string(), siteKey: z.string() })),
  /**
   * Where the development outbox is on: every configured test phone number, never its code (empty
   * elsewhere). The sign-in page accepts them although they are not real numbers, and lists them.
   */
  testPhoneNumbers: z.array(z.object({ phoneNumber: z.string() })),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const syncCurrentUserBodySchema = z.strictObject({
  /** Date#getTimezoneOffset() of the browser, so day numbers follow the person's local day. */
  timezoneOffsetMinutes: z.optional(z.int().check(z.minimum(-840), z.maximum(840))),
  /** The e-mail a trial link was sent to (SPEC's trialEmail query parameter), if any. */
  trialEmail: z.optional(z.string().check(z.maxLength(254))),
});

export const exchangeExtensionTokenBodySchema = z.strictObject({
  token: z.string().check(z.minLength(1, 'token is required'), z.maxLength(512)),
});

export const devOutboxMessageSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  body: z.string(),
  sentAt: z.string(),
  /** An e-mail's extra header fields (List-Unsubscribe, ...), when it has any. */
  headers: z.optional(z.record(z.string(), z.string())),
});

export const authEndpoints = {
  getAuthConfig: defineEndpoint({
    method: 'GET',
    path: '/getAuthConfig',
    summary: 'Which sign-in providers and bot check the sign-in page should use. Stillpoint addition.',
    auth: 'public',
    response: authConfigSchema,
  }),
  syncCurrentUser: defineEndpoint({
    method: 'POST',
    path: '/syncCurrentUser',
    summary:
      'The current-user sync call after sign-in: creates the profile on first sign-in and records the time zone and trial e-mail. Stillpoint addition.',
    auth: 'user',
    body: syncCurrentUserBodySchema,
    response: z.object({ user: userSchema, isNewUser: z.boolean() }),
  }),
  createCustomFirebaseToken: defineEndpoint({
    method: 'GET',
    path: '/createCustomFirebaseToken',
    summary:
      'A short-lived, single-use token the extension exchanges for its own session (USER_ACCESS_TOKEN_EXCHANGE).',
    auth: 'user',
    response: z.object({ token: z.string() }),
  }),
  exchangeExtensionToken: defineEndpoint({
    method: 'POST',
    path: '/exchangeExtensionToken',
    summary:
      'The extension trades a createCustomFirebaseToken token for its own session token. Single use; expires after 5 minutes. Stillpoint addition.',
    auth: 'public',
    body: exchangeExtensionTokenBodySchema,
    response: z.object({ sessionToken: z.string(), user: userSchema }),
  }),
  devOutbox: defineEndpoint({
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Outside production only: the SMS and e-mail the server would have sent, newest first.',
    auth: 'public',
    response: z.object({ messages: z.array(devOutboxMessageSchema) }),
  }),
};
