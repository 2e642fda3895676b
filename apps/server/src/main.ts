import { fileURLToPath } from 'node:url';
import { brand } from '@stillpoint/core';
import { ConfigError, loadConfig } from './config';
import { answerBackupRequests } from './db/backup';
import { openDatabase } from './db/client';
import { prepareShutdown } from './http/graceful-shutdown';

// From src/main.ts and from the bundled dist/main.js alike, the web build is two levels up.
const bundledWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * After SHUTDOWN_DELAY_MS, draining and closing stay under 10 s; give the process the delay and
 * these 10 s before a SIGKILL (docs/operations.md, "Stop").
 */
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
  // Not ready at once, still serving for SHUTDOWN_DELAY_MS, then stops listening and drains.
  const leave = prepareShutdown(app, { delayMs: config.shutdownDelayMs });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const limitMs = config.shutdownDelayMs + SHUTDOWN_LIMIT_MS;
    const forceExit = setTimeout(() => {
      app.log.error(`shutdown took longer than ${limitMs / 1000} s; exiting`);
      process.exit(1);
    }, limitMs);
    forceExit.unref();
    try {
      await leave(signal);
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
