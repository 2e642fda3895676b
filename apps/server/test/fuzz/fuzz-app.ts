import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { testConfig } from '../support/app';
import { openTestDatabase, testRedisUrl } from '../support/database';
import { heldServices } from './held-services';

/**
 * The real app on a fresh database, as createTestApp builds it, with outside services held (see
 * held-services.ts) and the last error the server handled kept, so a 5xx is reported with its cause
 * (the test logger is silent). Rate limits are counted in Redis when the run has REDIS_URL.
 */
export interface FuzzApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** The error behind the latest answer that had one, then forgotten. */
  takeServerError(): Error | null;
  close(): Promise<void>;
}

export async function createFuzzApp(): Promise<FuzzApp> {
  const config = testConfig({ redisUrl: testRedisUrl() });
  const database = await openTestDatabase();
  const held = heldServices();
  const app = await buildApp({ config, database, checkResponses: true, ...held.options });
  let serverError: Error | null = null;
  app.addHook('onError', async (_request, _reply, error) => {
    serverError = error;
  });
  await app.ready();
  return {
    app,
    database,
    config,
    takeServerError() {
      const error = serverError;
      serverError = null;
      return error;
    },
    close: async () => {
      held.release();
      await app.close();
      await database.close();
    },
  };
}
