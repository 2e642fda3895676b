import { defineConfig } from 'vitest/config';

// One Vitest run, four projects: pure rules (core), React components (web, jsdom), the API
// through app.inject (server) and the browser extension's logic against fake Chrome APIs.
// `npm run test:unit` and `npm run test:api` pick projects.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/web', 'apps/server', 'apps/extension'],
  },
});
