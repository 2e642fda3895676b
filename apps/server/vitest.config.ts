import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file opens its own database (in-memory PGlite, or a scratch PostgreSQL database).
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
