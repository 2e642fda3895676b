import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client';

// Each engine's driver loads only when it is the one opened: the embedded default never pays for
// node-postgres at startup. The mocks only record the import, then hand over the real package.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('pg', async (real) => {
  loaded.add('pg');
  return real();
});
vi.mock('drizzle-orm/node-postgres', async (real) => {
  loaded.add('drizzle-orm/node-postgres');
  return real();
});
vi.mock('@electric-sql/pglite', async (real) => {
  loaded.add('@electric-sql/pglite');
  return real();
});

describe('openDatabase', () => {
  it('opens the embedded database without loading the PostgreSQL driver', async () => {
    expect([...loaded]).toEqual([]);
    const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      await handle.ping();
      expect(handle.driver.kind).toBe('pglite');
    } finally {
      await handle.close();
    }
    expect([...loaded]).toEqual(['@electric-sql/pglite']);
  });
});
