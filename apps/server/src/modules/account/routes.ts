import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { ProviderInfo } from '../../auth/sign-in-methods';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { authConfig, getUser, syncCurrentUser } from './service';

export function registerAccountRoutes(
  app: FastifyInstance,
  { config, db, providers }: { config: Config; db: Database; providers: ProviderInfo },
): void {
  registerEndpoint(app, endpoints.getAuthConfig, () => authConfig(config, providers));
  registerEndpoint(app, endpoints.getUser, ({ user }) => getUser(user));
  registerEndpoint(app, endpoints.syncCurrentUser, ({ user, body }) => syncCurrentUser(db, user, body));
}
