import type { Rolldown } from 'vite';

/** The endpoint groups of home's first calls (features/home/home-prefetch.ts), by schema file. */
export const HOME_CALL_GROUPS = ['profile', 'sites', 'settings', 'insights', 'apps'] as const;

/**
 * The files the build makes beyond its automatic splitting (vite.config.ts), the first group that
 * matches a module taking it. Lazy groups take only the modules they name, never what those import:
 * otherwise a module the shell or another page also needs is drawn into them, and the group
 * becomes part of every page that needs it.
 */
export const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  // Everything the entry imports statically is one file: split by which lazy chunks also use it,
  // the shell was 8 files, and on HTTP/1.1 (6 connections) each file beyond the sixth waits a
  // round trip, on every page (decision 043).
  { name: 'shell', priority: 3, tags: ['$initial'] },
  // Every call's schemas need zod: its own file, so no page's schemas come with another's.
  {
    name: 'endpoint',
    priority: 2,
    includeDependenciesRecursively: false,
    test: /node_modules[\\/]zod[\\/]|packages[\\/]core[\\/]src[\\/]api[\\/]endpoint\.ts$/,
  },
  // Home's first calls' schemas in one file rather than five (decision 055): home asks for them
  // all at once, and on HTTP/1.1 each file past the sixth connection waits its turn.
  {
    name: 'home-calls',
    priority: 1,
    includeDependenciesRecursively: false,
    test: new RegExp(
      `packages[\\\\/]core[\\\\/]src[\\\\/]api[\\\\/]schemas[\\\\/](${HOME_CALL_GROUPS.join('|')})\\.ts$`,
    ),
  },
];
