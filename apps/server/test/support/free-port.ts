import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that is free right now, for a test server that must know its own
 * address before it listens (its public URL goes into its configuration). Shared with e2e.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}
