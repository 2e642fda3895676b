import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { openTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a fresh database, driven through app.inject(); nothing listens on a port. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = { ...loadConfig({ APP_ENV: 'test' }), webDistDir: null, ...overrides };
  const database = await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
