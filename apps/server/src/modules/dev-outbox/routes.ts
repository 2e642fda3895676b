import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/endpoint';
import type { DevOutbox } from '../../integrations/dev-outbox';
import { presentsOutboxKey } from './key';

/**
 * GET /api/dev/outbox: registered only outside production, when the outbox is on (by default in
 * development and test). With DEV_OUTBOX_KEY set (always on staging) it answers only to that key.
 */
export function registerDevOutboxRoutes(app: FastifyInstance, outbox: DevOutbox, key: string | null): void {
  registerEndpoint(app, endpoints.devOutbox, ({ request }) => {
    if (key !== null && !presentsOutboxKey(request.headers, key)) {
      throw new AppError(
        'UNAUTHENTICATED',
        'The outbox needs its key: send it as Authorization: Bearer <key>.',
      );
    }
    return { messages: outbox.list() };
  });
}
