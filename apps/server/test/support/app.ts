import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { openTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Replacements for the app's outside services (SMS, team chat, analytics forwarding). */
export type TestAppOptions = Omit<AppDependencies, 'config' | 'database' | 'checkResponses'>;

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ APP_ENV: 'test' }),
  webDistDir: null,
  ...overrides,
});

/** Another app (another "server instance") on an existing database; the caller closes both. */
export async function buildTestApp(
  database: DatabaseHandle,
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  // Every answer a test makes is also checked against its endpoint's zod schema (decision 030).
  const app = await buildApp({ config: testConfig(overrides), database, checkResponses: true, ...options });
  await app.ready();
  return app;
}

/** The real app on a fresh database, driven through app.inject(); nothing listens on a port. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildTestApp(database, overrides, options);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
