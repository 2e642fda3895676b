// How build.mjs bundles the server, apart from it so that a test can bundle it the same way
// (test/production-startup-graph.test.ts). Paths are relative to apps/server.

export const bundleOptions = {
  outdir: 'dist',
  // main.ts imports the app with import(): split into a chunk, the app's packages load while the
  // database starts instead of before. The development stand-ins (the local payment provider, the
  // development identity provider, the outbox) are chunks of their own too, loaded only when
  // configured (docs/architecture.md). Chunks sit beside main.js, so paths made from
  // import.meta.url (the migrations, the app icons) mean the same in every file.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [
    // WebAssembly and data files read from their own package directory.
    '@electric-sql/pglite',
    'geoip-country',
    // Reads its own package.json through __dirname, which a bundled ES module does not have.
    '@fastify/swagger',
    // Serves its own static files.
    '@fastify/swagger-ui',
    // Starts worker threads from files of its own (transports, pretty printing).
    'pino',
    'pino-pretty',
    // pg's native binding is optional and loaded by name.
    'pg',
    // Loaded on first use (load-on-first-use.ts), so not part of a start either way.
    'oidc-provider',
    'nodemailer',
    'stripe',
    'ioredis',
    // Sentry and OpenTelemetry hook into other modules as they load and read their own files; loaded
    // only when configured (docs/observability.md), so not part of a default start either.
    '@sentry/node',
    '@opentelemetry/*',
    '@fastify/otel',
  ],
  // Workspace packages are TypeScript source, so they are bundled rather than loaded at run time.
  alias: { '@stillpoint/core': '../../packages/core/src/index.ts' },
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
};

/** The server's own entry; the operator commands are bundled apart (build.mjs). */
export const serverEntryPoints = { main: 'src/main.ts' };
