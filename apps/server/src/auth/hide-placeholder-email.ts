import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { realEmail } from './temp-email';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Response);

/**
 * Better Auth answers with the user row as stored, placeholder e-mail included. The routes that
 * return a user (the phone verify and get-session) report `email: null` for it instead, like
 * the API does, so no client ever shows "14155552671@phone.stillpoint.invalid" as an address.
 */
export const hidePlaceholderEmail = (): BetterAuthPlugin => ({
  id: 'stillpoint-hide-placeholder-email',
  hooks: {
    after: [
      {
        matcher: (context) => context.path === '/get-session' || context.path === '/phone-number/verify',
        handler: createAuthMiddleware(async (ctx) => {
          const returned: unknown = ctx.context.returned;
          if (!isRecord(returned) || !isRecord(returned.user)) return;
          const { email } = returned.user;
          if (typeof email !== 'string' || realEmail(email) !== null) return;
          return ctx.json({ ...returned, user: { ...returned.user, email: null } });
        }),
      },
    ],
  },
});
