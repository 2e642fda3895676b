import { isStorableText } from '@stillpoint/core';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Response);

// The owner of the session each revoke request names (null: no such session).
const revokeTargets = new WeakMap<Request, string | null>();

const sessionNotFound = () =>
  new APIError('NOT_FOUND', { code: 'SESSION_NOT_FOUND', message: 'This session has already ended.' });

/**
 * A session's token is its credential, so no response names one except to the person it was just
 * issued to. Better Auth's list-sessions answers with every session's token; here it answers with
 * ids only (and marks the calling session `current`). Its revoke-session takes a token; here it
 * takes `{ id }` of one of the caller's own sessions, and anyone else's id is a 404.
 */
export const sessionsById = (): BetterAuthPlugin => ({
  id: 'stillpoint-sessions-by-id',
  hooks: {
    before: [
      {
        matcher: (context) => context.path === '/revoke-session',
        handler: createAuthMiddleware(async (ctx) => {
          const body = isRecord(ctx.body) ? ctx.body : {};
          const unexpected = Object.keys(body).filter((key) => key !== 'id');
          if (typeof body.id !== 'string' || body.id === '' || unexpected.length > 0) {
            throw new APIError('BAD_REQUEST', {
              code: 'SESSION_ID_REQUIRED',
              message: 'Name the session to sign out by its id, and nothing else.',
            });
          }
          // An id holding text no column can (a NUL, a broken character) names no session; asking the
          // database for it would fail the query rather than find nothing.
          const target = isStorableText(body.id)
            ? await ctx.context.adapter.findOne<{ userId: string; token: string }>({
                model: 'session',
                where: [{ field: 'id', value: body.id }],
              })
            : null;
          // The caller is only known once Better Auth's route has authenticated them (a caller
          // without a session gets its 401 first); the after step checks the owner.
          if (ctx.request) revokeTargets.set(ctx.request, target?.userId ?? null);
          // Better Auth's route deletes a session only when it belongs to the caller.
          return { context: { body: { token: target?.token ?? '' } } };
        }),
      },
    ],
    after: [
      {
        matcher: (context) => context.path === '/revoke-session',
        handler: createAuthMiddleware(async (ctx) => {
          const owner = ctx.request ? revokeTargets.get(ctx.request) : undefined;
          const caller = ctx.context.session?.user.id;
          if (isAPIError(ctx.context.returned) || !caller) return;
          if (owner !== caller) throw sessionNotFound();
        }),
      },
      {
        matcher: (context) => context.path === '/list-sessions',
        handler: createAuthMiddleware(async (ctx) => {
          const returned: unknown = ctx.context.returned;
          if (!Array.isArray(returned)) return;
          const currentId = ctx.context.session?.session.id;
          return ctx.json(
            returned.filter(isRecord).map(({ token: _token, ...session }) => ({
              ...session,
              current: session.id === currentId,
            })),
          );
        }),
      },
    ],
  },
});
