// First, so that the V8 options are in force before the server's own code runs.
import './runtime-flags';
import { fileURLToPath } from 'node:url';
import { brand } from '@stillpoint/core';
import { ConfigError, loadConfig } from './config';
import { answerBackupRequests } from './db/backup';
import { openDatabase } from './db/client';
import { trackConnections } from './http/connection-drain';

// From src/main.ts and from the bundled dist/main.js alike, the web build is two levels up.
const bundledWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The whole shutdown stays under the 10 s a container runtime waits before SIGKILL. */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const databaseWarnings: string[] = [];
  // The database starts first and the app's code loads meanwhile: PGlite compiles its WebAssembly
  // on other threads while this one loads the app's packages (bench/README.md, "Embedded database:
  // startup"). The build keeps ./app in a chunk of its own so that loading waits for this import.
  const opening = openDatabase(config.database, { onWarning: (warning) => databaseWarnings.push(warning) });
  // A failed start is reported once, below, whichever of the two fails first.
  opening.catch(() => {});
  const { buildApp } = await import('./app');
  const database = await opening;
  const app = await buildApp({
    config: { ...config, webDistDir: config.webDistDir ?? bundledWebDist },
    database,
  });
  // `npm run db:backup` asks a running server for a consistent copy of its PGlite data (SIGUSR2).
  const stopAnsweringBackups = answerBackupRequests(database, config.database, app.log);
  const connections = trackConnections(app.server);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const forceExit = setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    forceExit.unref();
    try {
      await connections.drain();
      // Waits for requests still running, closes what is left idle, stops the jobs and Redis.
      await app.close();
      stopAnsweringBackups();
      await database.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Allowed but worth an operator's attention at every start, e.g. test numbers in production.
  for (const warning of [...config.warnings, ...databaseWarnings]) app.log.warn(warning);

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'pglite' ? config.database.dataDir : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`${brand.name} is running on ${config.publicUrl} (${config.appEnv}, database: ${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(`${brand.name} could not start:`, error);
  }
  process.exit(1);
});
