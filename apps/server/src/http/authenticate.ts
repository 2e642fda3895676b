import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session';
import { AppError } from '../errors';

export type { SessionUser } from '../auth/session';

/** Finds the user behind an Authorization header value; null when there is none or it is not valid. */
export type SessionResolver = (authorization: string | undefined) => Promise<SessionUser | null>;

/** Whether a signed-in person may use the support console (modules/admin/access.ts decides). */
export type AdminCheck = (user: SessionUser) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveSessionUser: SessionResolver;
    isAdmin: AdminCheck;
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

export const notAnAdmin = () =>
  new AppError(
    'FORBIDDEN',
    "This is for Stillpoint's support team, and your account is not one of its admins.",
  );

/** Makes the admin check available to every `auth: 'admin'` route; call once, before any is registered. */
export function registerAdminCheck(app: FastifyInstance, check: AdminCheck): void {
  app.decorate('isAdmin', check);
}

/**
 * The onRequest step of every `auth: 'admin'` endpoint: 401 without a live session, exactly as a
 * user endpoint, then 403 unless the server's configuration names this person an admin. Nothing a
 * client sends can make it so.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.server.hasDecorator('isAdmin')) {
    throw new Error('registerAdminCheck must run before admin endpoints are registered');
  }
  await requireSessionUser(request);
  if (!request.sessionUser || !(await request.server.isAdmin(request.sessionUser))) throw notAnAdmin();
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
