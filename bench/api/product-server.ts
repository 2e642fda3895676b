/**
 * Starts a built Stillpoint server for the API bench: the current build (apps/server/dist) or an
 * earlier one copied elsewhere (BENCH_BEFORE), on PostgreSQL or on PGlite in a scratch directory,
 * as the e2e tests start the real server.
 */
import { type RunningServer, serverEntry, startServer } from '../../e2e/fixtures/server';

export const currentBuild = serverEntry;
export type ProductServer = RunningServer;

/** `databaseUrl` null: PGlite, embedded, in a fresh data directory. */
export function startProduct(
  entry: string,
  databaseUrl: string | null,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ProductServer> {
  // A loaded shared machine can take minutes to start a server that migrates a fresh PGlite.
  return startServer(
    { DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'error', ...env },
    { entry, readyWithinMs: 180_000, nodeArgs },
  );
}
