import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session';
import { AppError } from '../errors';

export type { SessionUser } from '../auth/session';

/** Finds the user behind an Authorization header value; null when there is none or it is not valid. */
export type SessionResolver = (authorization: string | undefined) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveSessionUser: SessionResolver;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue.');

/** Makes the session lookup available to every route; call once, before any route is registered. */
export function registerAuthentication(app: FastifyInstance, resolve: SessionResolver): void {
  app.decorate('resolveSessionUser', resolve);
  app.decorateRequest('sessionUser', null);
}

/** The onRequest step of every `auth: 'user'` endpoint: no valid session, no further work (401). */
export async function requireSessionUser(request: FastifyRequest): Promise<void> {
  if (!request.server.hasDecorator('resolveSessionUser')) {
    throw new Error('registerAuthentication must run before user endpoints are registered');
  }
  const user = await request.server.resolveSessionUser(request.headers.authorization);
  if (!user) throw unauthenticated();
  request.sessionUser = user;
}

/**
 * The onRequest step of public endpoints: a valid bearer token tells the handler who is calling
 * (feedback and analytics attach the user); a missing, invalid or expired one is simply ignored,
 * since the call needs no session.
 */
export async function attachOptionalUser(request: FastifyRequest): Promise<void> {
  const { authorization } = request.headers;
  if (!authorization || !request.server.hasDecorator('resolveSessionUser')) return;
  try {
    request.sessionUser = await request.server.resolveSessionUser(authorization);
  } catch (error) {
    // A public call still works anonymously when the session lookup itself fails.
    request.log.warn({ err: error }, 'optional session lookup failed; answering as signed out');
  }
}
