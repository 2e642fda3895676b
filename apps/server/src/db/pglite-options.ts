import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * How the server starts PGlite. Postgres zeroes its whole buffer pool at start, and PGlite's
 * default, 128 MB, is most of what the embedded database holds in memory. The data files are read
 * through the operating system's file cache anyway, so a pool sized for one process and a small
 * database costs little: 16 MB keeps the server under 300 MB (bench/README.md, "Embedded database:
 * startup"). Larger deployments run PostgreSQL.
 */
export const pgliteOptions: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};
