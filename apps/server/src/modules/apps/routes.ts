import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { registerAppIconRoutes } from './icons';
import { fetchApps, supportedApps } from './service';

export function registerAppsRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  registerEndpoint(app, endpoints.fetchApps, ({ user, query }) => fetchApps(db, user.id, query.userDay));
  registerEndpoint(app, endpoints.getSupportedApps, () => supportedApps(db));
  registerAppIconRoutes(app);
}
