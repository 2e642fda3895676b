import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

export interface IdentityProviderInfo {
  kind: 'social' | 'oauth2';
  id: string;
}

export interface ProviderInfo {
  google: IdentityProviderInfo;
  apple: IdentityProviderInfo;
}

type Method = 'GET' | 'POST';

/**
 * The Better Auth routes Stillpoint serves, relative to /api/auth. These are the SPEC's three
 * sign-in methods (GOOGLE, APPLE, PHONE_NUMBER) and the session itself. Everything else Better Auth
 * or a plugin may define (e-mail and password, password reset, anonymous sign-in, account linking,
 * ...) answers 404, so a new plugin cannot quietly add another way in.
 */
const served: [Method, RegExp][] = [
  // The session: read it, list and revoke sessions, sign out.
  ['GET', /^\/get-session$/],
  ['POST', /^\/sign-out$/],
  ['GET', /^\/list-sessions$/],
  ['POST', /^\/revoke-(session|sessions|other-sessions)$/],
  ['GET', /^\/(ok|error)$/],
  // PHONE_NUMBER: a code by SMS, then the code.
  ['POST', /^\/phone-number\/(send-otp|verify)$/],
  // GOOGLE and APPLE: Better Auth's built-in providers or, in development, generic OAuth providers
  // (which Better Auth 1.7 serves through the same /sign-in/social and /callback/:id routes). Popup
  // mode starts at /oauth-popup/start. Apple posts its callback as a form.
  ['POST', /^\/sign-in\/social$/],
  ['GET', /^\/callback\/[\w-]+$/],
  ['POST', /^\/callback\/[\w-]+$/],
  ['GET', /^\/oauth-popup\/start$/],
];

export function isServedAuthRoute(method: string, path: string): boolean {
  return served.some(([m, pattern]) => m === method && pattern.test(path));
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const field = (source: unknown, key: string) =>
  source && typeof source === 'object' ? text((source as Record<string, unknown>)[key]) : undefined;

/** Which provider a Google/Apple route names, wherever that route carries it. */
function namedProvider(path: string, ctx: { body?: unknown; query?: unknown; params?: unknown }) {
  if (path === '/sign-in/social') return field(ctx.body, 'provider');
  if (path === '/oauth-popup/start') return field(ctx.query, 'provider');
  if (path.startsWith('/callback/')) return field(ctx.params, 'id');
  return null;
}

/** Refuses any OAuth provider other than the ones standing for GOOGLE and APPLE. */
export function onlyGoogleAndApple(info: ProviderInfo): BetterAuthPlugin {
  const ids = new Set([info.google.id, info.apple.id]);
  return {
    id: 'stillpoint-sign-in-methods',
    hooks: {
      before: [
        {
          matcher: (context) => namedProvider(context.path ?? '', context) !== null,
          handler: createAuthMiddleware(async (ctx) => {
            const provider = namedProvider(ctx.path, ctx);
            if (provider === undefined || provider === null || !ids.has(provider)) {
              throw new APIError('BAD_REQUEST', {
                code: 'SIGN_IN_METHOD_NOT_ALLOWED',
                message: 'Sign in with your phone number, Google or Apple.',
              });
            }
          }),
        },
      ],
    },
  };
}
