import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { DevOutbox } from '../../integrations/dev-outbox';

/** GET /api/dev/outbox: registered only when DEV_OUTBOX is on (by default, everywhere but production). */
export function registerDevOutboxRoutes(app: FastifyInstance, outbox: DevOutbox): void {
  registerEndpoint(app, endpoints.devOutbox, () => ({ messages: outbox.list() }));
}
