import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: pure rules (core), React components (web, jsdom) and the
// API through app.inject (server). `npm run test:unit` and `npm run test:api` pick projects.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/web', 'apps/server'],
  },
});
