import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startServer } from '../fixtures/server';

test('the server exits cleanly on SIGTERM', async () => {
  const server = await startServer();
  const lockFile = `${server.dataDir}/pglite.lock`;
  expect(existsSync(lockFile)).toBe(true);
  expect((await fetch(`${server.baseURL}/api/readyz`)).status).toBe(200);
  const code = await server.stop();
  expect(code).toBe(0);
});

test('a second server on the same data directory refuses to start with a clear message', async () => {
  const first = await startServer();
  try {
    await expect(startServer({ DATA_DIR: first.dataDir })).rejects.toThrow(
      /in use by another Stillpoint process/,
    );
  } finally {
    await first.stop();
  }
});
