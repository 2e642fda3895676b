import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { getProfile } from './service';

export function registerProfileRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  registerEndpoint(app, endpoints.getProfileWeb, ({ user, query }) =>
    getProfile(db, user, query.userDay, new Date()),
  );
}
