import { defineProject } from 'vitest/config';

// Kept apart from vite.config.ts: Vitest runs on its own Vite. JSX compiles to React's automatic
// runtime, as in the build; `react` is React 19 from node_modules, as in the build.
export default defineProject({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
});
