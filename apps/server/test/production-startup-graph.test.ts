import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions, serverEntryPoints } from '../bundle-options.mjs';

// The development stand-ins, which production refuses to run: a production start must not load
// them, so they sit in chunks that app.ts loads by import() only when configuration selects them.
const STAND_INS = {
  'the local payment provider': 'src/integrations/payments/local/',
  'the development identity provider': 'src/auth/dev-identity-provider/',
  'the outbox': 'src/integrations/dev-outbox/',
  "the outbox's routes": 'src/modules/dev-outbox/',
};

// Sentry and OpenTelemetry: loaded by import() only when SENTRY_DSN or OTEL_EXPORTER_OTLP_ENDPOINT is set.
const OUTSIDE_OBSERVABILITY = {
  "Sentry's error tracking": 'src/observability/error-tracking.ts',
  "OpenTelemetry's tracing": 'src/observability/tracing.ts',
};

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Bundles the server exactly as build.mjs does, without writing it, and returns esbuild's account of it. */
async function bundle(): Promise<Metafile> {
  const result = await build({
    ...bundleOptions,
    entryPoints: serverEntryPoints,
    absWorkingDir: serverDir,
    outdir: path.join(serverDir, 'dist'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

/**
 * The files every start loads: main.js and what it imports statically, then the app's chunk
 * (main.ts imports ./app on every start) and what that imports statically, transitively.
 */
function startupGraph(metafile: Metafile): Set<string> {
  const outputs = Object.entries(metafile.outputs);
  const outputFor = (entryPoint: string) => {
    const found = outputs.find(([, output]) => output.entryPoint === entryPoint);
    if (!found) throw new Error(`no output for ${entryPoint}`);
    return found[0];
  };
  const appChunk = outputFor('src/app.ts');
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.external) continue;
      if (imported.kind === 'import-statement' || imported.path === appChunk) visit(imported.path);
    }
  };
  visit(outputFor('src/main.ts'));
  return reached;
}

const sourcesOf = (metafile: Metafile, files: Iterable<string>) =>
  [...files].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));

describe('the production startup graph', async () => {
  const metafile = await bundle();
  const atStartup = sourcesOf(metafile, startupGraph(metafile));
  const everywhere = sourcesOf(metafile, Object.keys(metafile.outputs));

  it('holds the app itself', () => {
    expect(atStartup).toContain('src/main.ts');
    expect(atStartup).toContain('src/app.ts');
    expect(atStartup).toContain('src/integrations/payments/index.ts');
  });

  for (const [service, file] of Object.entries(OUTSIDE_OBSERVABILITY)) {
    it(`leaves out ${service}, bundled apart`, () => {
      expect(everywhere).toContain(file);
      expect(atStartup).not.toContain(file);
    });
  }

  for (const [standIn, directory] of Object.entries(STAND_INS)) {
    it(`leaves out ${standIn}, bundled apart`, () => {
      expect(everywhere.some((source) => source.startsWith(directory))).toBe(true);
      expect(atStartup.filter((source) => source.startsWith(directory))).toEqual([]);
    });
  }
});
