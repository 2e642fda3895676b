import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { perPerson } from '../../http/rate-limit';
import { importLegacyData } from './service';

/**
 * The web app imports once per page load while the extension still holds legacy data, and each
 * import may add up to 200 sites: a few a minute covers retries and several open tabs.
 */
const IMPORT_RATE_LIMIT = { max: 10, timeWindow: '1 minute', keyGenerator: perPerson };

export function registerLegacyImportRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  registerEndpoint(
    app,
    endpoints.importLegacyExtensionData,
    ({ user, body }) => importLegacyData(db, user.id, body),
    { rateLimit: IMPORT_RATE_LIMIT },
  );
}
