// Imported first by main.ts, so that every way of starting the server (npm start, the image, the
// tests' and benches' `node dist/main.js`) runs with these V8 options.
import { setFlagsFromString } from 'node:v8';

/**
 * `--no-allocation-site-pretenuring`: under load V8 decided to allocate some of each request's
 * objects straight into the old generation. Those objects die with their request, but until the
 * next full collection they keep the young strings they point to alive, so every scavenge copied
 * and promoted about 1.1 MB (2.5 ms per scavenge, and a full collection every few seconds). Without
 * it a scavenge takes about 1.2 ms and promotes a quarter as much (bench/README.md, "where the tail
 * goes"). It changes where objects are placed, never what a program computes.
 */
export const RUNTIME_FLAGS = ['--no-allocation-site-pretenuring'] as const;

for (const flag of RUNTIME_FLAGS) setFlagsFromString(flag);
