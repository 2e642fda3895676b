/** How much one fuzz test runs, and how a failure is replayed: shared by every fuzz file. */

// biome-ignore lint/style/noProcessEnv: `npm test` runs a bounded count; `npm run test:fuzz` sets FUZZ_RUNS=1000.
const RUNS = Number(process.env.FUZZ_RUNS ?? 75);
// biome-ignore lint/style/noProcessEnv: a failure's seed (and path) replays it: FUZZ_SEED=… FUZZ_PATH=…
const REPLAY = { seed: process.env.FUZZ_SEED, path: process.env.FUZZ_PATH };
/** About ten times the average on this machine, for the slowest calls on a busy day. */
const MS_PER_RUN = 200;

/** Each test's time limit grows with FUZZ_RUNS. */
export const FUZZ_TIMEOUT_MS = 30_000 + RUNS * MS_PER_RUN;

/** fast-check's options: the run count, a replayed seed and path, and a report before the timeout. */
export const fuzzRunOptions = {
  numRuns: RUNS,
  ...(REPLAY.seed ? { seed: Number(REPLAY.seed) } : {}),
  ...(REPLAY.path ? { path: REPLAY.path } : {}),
  // Report what was found rather than meet the test timeout while shrinking.
  interruptAfterTimeLimit: FUZZ_TIMEOUT_MS - 10_000,
  markInterruptAsFailure: true,
};
