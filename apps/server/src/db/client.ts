import type { DatabaseHandle, DatabaseTarget, OpenOptions } from './handle';

export * from './handle';

/**
 * Opens the database and brings its schema up to date with the one migration set both engines
 * share. Each engine's driver loads only when it is the one configured.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return (await import('./postgres')).openPostgres(target.url);
  return (await import('./pglite')).openPglite(target.dataDir, options);
}
