import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startServer } from '../fixtures/server';

test('the server drains and exits cleanly on SIGTERM, releasing its data directory', async () => {
  const server = await startServer();
  const lockFile = `${server.dataDir}/pglite.lock`;
  expect(existsSync(lockFile)).toBe(true);
  const inFlight = fetch(`${server.baseURL}/api/readyz`);
  const code = await server.stop();
  expect((await inFlight).status).toBe(200);
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
