/**
 * Starts a built Stillpoint server for the API bench: the current build (apps/server/dist) or an
 * earlier one copied elsewhere (BENCH_BEFORE), on PostgreSQL or on PGlite in a scratch directory,
 * as the e2e tests start the real server.
 */
import { fileURLToPath } from 'node:url';
import { type RunningServer, serverEntry, startServer } from '../../e2e/fixtures/server';

// Every build serves the same web app: a copy elsewhere would not find one beside itself and would
// run as a server unlike the one it is compared with.
const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

export const currentBuild = serverEntry;
export type ProductServer = RunningServer;

export interface ProductOptions {
  env?: Record<string, string>;
  /** Flags for node itself, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** A program that runs node, e.g. valgrind. */
  runner?: string[];
}

/** `databaseUrl` null: PGlite, embedded, in a fresh data directory. */
export function startProduct(
  entry: string,
  databaseUrl: string | null,
  { env = {}, nodeArgs = [], runner = [] }: ProductOptions = {},
): Promise<ProductServer> {
  // A loaded shared machine can take minutes to start a server that migrates a fresh PGlite.
  return startServer(
    { DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'error', WEB_DIST_DIR: webDist, ...env },
    { entry, readyWithinMs: 180_000, nodeArgs, runner },
  );
}
