import { defineProject } from 'vitest/config';

// The extension's logic runs in Node against in-memory fakes of the Chrome APIs
// (test-support/fake-chrome.ts); DOM tests (feed blocking, popup) opt into jsdom per file.
export default defineProject({
  resolve: { alias: { '@/': `${new URL('./', import.meta.url).pathname}` } },
  test: {
    name: 'extension',
    include: ['src/**/*.test.ts', 'entrypoints/**/*.test.ts', 'build/**/*.test.ts', 'store/**/*.test.ts'],
  },
});
