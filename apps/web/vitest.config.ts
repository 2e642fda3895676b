import { defineProject } from 'vitest/config';

// Kept apart from vite.config.ts: Vitest runs on its own Vite, and its esbuild handles JSX here.
export default defineProject({
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
});
