import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { reportMobileUsage } from './service';

export function registerMobileUsageRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  registerEndpoint(app, endpoints.reportMobileUsage, ({ user, body }) => reportMobileUsage(db, user, body));
}
