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
 * (the test logger is silent). That is the error Fastify handled, or else the last one logged:
 * Better Auth handles its own failures inside /api/auth and only logs them. Rate limits are counted
 * in Redis when the run has REDIS_URL.
 */
export interface FuzzApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Names a person an admin (ADMIN_USER_IDS), so admin calls are fuzzed past their 403. */
  makeAdmin(uid: string): void;
  /** The error behind the latest answer that had one, then forgotten. */
  takeServerError(): Error | null;
  close(): Promise<void>;
}

export async function createFuzzApp(): Promise<FuzzApp> {
  const adminIds = new Set<string>();
  const config = testConfig({
    redisUrl: testRedisUrl(),
    logLevel: 'error',
    logFormat: 'json',
    admin: { userIds: adminIds, phoneNumbers: new Set(), emails: new Set() },
  });
  const database = await openTestDatabase();
  const held = heldServices();
  let serverError: Error | null = null;
  let loggedError: Error | null = null;
  const logStream = {
    write(line: string) {
      loggedError = loggedErrorOf(line) ?? loggedError;
    },
  };
  const app = await buildApp({
    config,
    database,
    checkResponses: true,
    logStream,
    ...held.options,
  });
  app.addHook('onError', async (_request, _reply, error) => {
    serverError = error;
  });
  await app.ready();
  return {
    app,
    database,
    config,
    makeAdmin: (uid) => adminIds.add(uid),
    takeServerError() {
      const error = serverError ?? loggedError;
      serverError = null;
      loggedError = null;
      return error;
    },
    close: async () => {
      held.release();
      await app.close();
      await database.close();
    },
  };
}

/** The error a log record carries (pino writes one JSON record a line), with its stack. */
function loggedErrorOf(line: string): Error | null {
  let record: { msg?: string; err?: { type?: string; message?: string; stack?: string } };
  try {
    record = JSON.parse(line);
  } catch {
    return null;
  }
  if (!record.err) return null;
  const error = new Error(
    `${record.msg ?? 'logged'}: ${record.err.message ?? record.err.type ?? 'an error'}`,
  );
  if (record.err.stack) error.stack = `${record.msg ?? 'logged'}: ${record.err.stack}`;
  return error;
}
