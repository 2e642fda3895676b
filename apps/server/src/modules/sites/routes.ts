import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { addSite, archiveOwnSite, listSitesWithSessions, updateSite } from './service';
import { startSession } from './sessions';

export function registerSitesRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  registerEndpoint(app, endpoints.getBrowserSitesWithActiveAndTodaysSessions, ({ user, query }) =>
    listSitesWithSessions(db, user.id, query.userDay, Date.now()),
  );
  registerEndpoint(app, endpoints.addBrowserSite, ({ user, body }) => addSite(db, user.id, body));
  registerEndpoint(app, endpoints.archiveBrowserSite, ({ user, body }) =>
    archiveOwnSite(db, user.id, body.siteId),
  );
  registerEndpoint(app, endpoints.updateBrowserCustomSite, ({ user, body }) => updateSite(db, user.id, body));
  registerEndpoint(app, endpoints.startBrowserSiteSession, ({ user, body }) =>
    startSession(db, user.id, body, Date.now()),
  );
}
