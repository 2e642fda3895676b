import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { getSettings, updateSettings } from './service';

export function registerSettingsRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  registerEndpoint(app, endpoints.getBrowserSiteSettings, ({ user }) => getSettings(db, user.id));
  registerEndpoint(app, endpoints.updateBrowserSiteSettings, ({ user, body }) =>
    updateSettings(db, user.id, body),
  );
}
