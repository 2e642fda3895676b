/**
 * The endpoint registry: every call's schemas, and zod with them, the largest shared code of the
 * app. `callApi` loads it on its first call, so a page's first screen never waits for it (pages
 * that call nothing on arrival, such as /quiz, never load it at all).
 */
export { endpoints } from '@stillpoint/core';
