import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';

const bearerToken = (authorization: string | null | undefined): string | null => {
  const match = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1] ?? null;
};

/** A bearer value is the raw session token, or the signed cookie form `token.signature` (maybe URL-encoded). */
const rawToken = (bearer: string): string => {
  try {
    return decodeURIComponent(bearer).split('.')[0] ?? '';
  } catch {
    return bearer.split('.')[0] ?? '';
  }
};

/**
 * The web app holds its session as a bearer token (SPEC §7), but an OAuth sign-in ends with a
 * browser navigation to Better Auth's callback, which can only set the session cookie:
 * - popup mode: `signIn.popup` then calls GET /get-session with that cookie;
 * - redirect mode: the web app's first GET /get-session on the callback page does.
 * When get-session finds a session and the request did not already carry that session's token as
 * a bearer, this answers with it in `set-auth-token`, the same header the bearer plugin sends
 * after every other sign-in, so the web client stores it the same way. The token is no secret to
 * the page: get-session's own body carries it too; the header only puts it where the client reads it.
 */
export const sessionTokenHandoff = (): BetterAuthPlugin => ({
  id: 'stillpoint-session-token-handoff',
  hooks: {
    after: [
      {
        matcher: (context) => context.path === '/get-session',
        handler: createAuthMiddleware(async (ctx) => {
          const token = ctx.context.session?.session.token;
          if (!token) return;
          const bearer = bearerToken(
            ctx.request?.headers.get('authorization') ?? ctx.headers?.get('authorization'),
          );
          if (bearer && rawToken(bearer) === token) return;
          ctx.setHeader('set-auth-token', token);
        }),
      },
    ],
  },
});
