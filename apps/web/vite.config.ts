import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CHUNK_GROUPS } from './scripts/chunk-groups.ts';
import { routeImports } from './scripts/route-imports.ts';

// `npm run dev` serves the web app with hot reload and forwards API calls to the server process.
const apiPort = process.env.API_PORT ?? '3001';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/** The checkout's commit, or null outside a git checkout (a container build without .git). */
function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: webRoot,
      encoding: 'utf8',
    }).trim();
  } catch {
    return null;
  }
}

/**
 * The build's name in error reports (lib/client-errors): VITE_RELEASE when the deployment gives
 * one, else the web app's version and the commit it was built from.
 */
function releaseName(): string {
  if (process.env.VITE_RELEASE) return process.env.VITE_RELEASE;
  const { version } = JSON.parse(readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const commit = gitCommit();
  return commit ? `${version}+${commit}` : version;
}
const routesFile = path.join(webRoot, 'src/app/routes.tsx');

/**
 * The file the server reads to preload each page's own chunks (decision 021): for every route
 * `path` in the route table, the JavaScript and CSS its lazy import needs beyond what index.html
 * already loads. Without it the browser only asks for a page's chunk after the entry chunk has
 * run, one round trip later.
 */
const routePreloadsFile = '.vite/route-preloads.json';

/**
 * Maps each route path of `src/app/routes.tsx` to the files of its lazy import. The route table
 * stays the one source: each `path: '…'` is paired with the first `import('…')` that follows it
 * before the next `path:`.
 */
function routePreloads(): Plugin {
  return {
    name: 'stillpoint:route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFileName.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route preloads: the build has no entry chunk');
      const loadedByIndex = closure(entry.fileName);

      const preloads: Record<string, { scripts: string[]; styles: string[] }> = {};
      const source = readFileSync(routesFile, 'utf8');
      const chunkOf = async (specifier: string) => {
        const resolved = await this.resolve(specifier, routesFile);
        return chunks.find((c) => c.facadeModuleId === resolved?.id);
      };
      for (const { routePath, specifiers } of routeImports(source)) {
        const files = new Set<string>();
        for (const specifier of specifiers) {
          const chunk = await chunkOf(specifier);
          if (!chunk) {
            this.warn(`route preloads: no chunk for ${routePath} (${specifier})`);
            continue;
          }
          for (const file of closure(chunk.fileName)) if (!loadedByIndex.has(file)) files.add(file);
        }
        if (files.size === 0) continue;
        const styles = [...files].flatMap((file) => [
          ...(byFileName.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        preloads[routePath] = {
          scripts: [...files].map((file) => `/${file}`),
          styles: [...new Set(styles)].map((file) => `/${file}`),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: routePreloadsFile,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}

/** Files worth compressing: text. Images (webp, png) are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, for the server's
 * `preCompressed` static files (decision 021): compressed once here at the highest levels,
 * never per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stillpoint:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!compressible.test(file)) continue;
          const raw = readFileSync(file);
          const br = brotliCompressSync(raw, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          const gz = gzipSync(raw, { level: zlib.Z_BEST_COMPRESSION });
          // A compressed copy that is not smaller is not worth sending; the server then sends the file.
          if (br.length < raw.length) writeFileSync(`${file}.br`, br);
          if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

export default defineConfig({
  // React's JSX and Fast Refresh in `npm run dev`.
  plugins: [react(), tailwindcss(), routePreloads(), precompress()],
  define: { 'import.meta.env.VITE_RELEASE': JSON.stringify(releaseName()) },
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}` },
      // The local payment provider's checkout, authentication and portal pages (decision 017).
      '/local-pay': { target: `http://localhost:${apiPort}` },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
          groups: CHUNK_GROUPS,
        },
      },
      onwarn(warning, warn) {
        // TanStack Query marks React Server Component boundaries ("use client"); a browser-only
        // bundle has none, so the directive means nothing here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
