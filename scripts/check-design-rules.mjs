#!/usr/bin/env node
// Proof that `npm run lint` fails on each design rule (docs/decisions/016-design-rules-as-lint.md).
// A lint rule that silently matches nothing looks exactly like a clean tree, so this builds a small
// tree in a temporary directory with the repository's real lint configuration, plants one violation
// per rule next to allowed counterparts, runs the `lint:biome` and `lint:deps` commands from
// package.json there, and fails unless every planted violation is reported by the rule meant to
// catch it and nothing allowed is reported.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The lint configuration, copied as is: the proof must run the checks `npm run lint` runs. */
const configFiles = [
  'package.json',
  '.gitignore',
  'biome.json',
  'apps/web/biome.json',
  '.dependency-cruiser.cjs',
  '.dependency-cruiser.tsconfig.json',
  'scripts/depcruise-swc-tsx.cjs',
  'scripts/check-table-owners.mjs',
];

/** Files that break no rule: each is the allowed twin of a planted violation. */
const allowed = {
  // A feature uses its own files, ui, lib and core; the app shell composes features.
  'apps/web/src/features/proofa/proof-a.tsx': `import type { AppEnv } from '@stillpoint/core';
import { proofApi } from '../../lib/proof-api';
import { ProofButton } from '../../ui/proof-button';
import { ProofAPart } from './proof-a-part';

export const ProofA = ({ env }: { env: AppEnv }) => (
  <ProofButton label={proofApi(env)}>
    <ProofAPart />
  </ProofButton>
);
`,
  'apps/web/src/features/proofa/proof-a-part.tsx': 'export const ProofAPart = () => <p>a</p>;\n',
  'apps/web/src/features/proofb/proof-b.tsx': 'export const ProofB = () => <p>b</p>;\n',
  'apps/web/src/features/proofb/use-proof-b.ts': "export const useProofB = () => 'b';\n",
  'apps/web/src/app/proof-shell.tsx': `import { ProofA } from '../features/proofa/proof-a';
import { ProofB } from '../features/proofb/proof-b';

export const ProofShell = () => (
  <>
    <ProofA env="test" />
    <ProofB />
  </>
);
`,
  'apps/web/src/ui/proof-button.tsx': `import type { ReactNode } from 'react';

export const ProofButton = ({ label, children }: { label: string; children: ReactNode }) => (
  <button type="button">
    {label}
    {children}
  </button>
);
`,
  'apps/web/src/lib/proof-api.ts': `import type { AppEnv } from '@stillpoint/core';

export const proofApi = (env: AppEnv): string => env;
`,
  'apps/web/vite.config.ts': 'export const apiPort = process.env.API_PORT;\n',
  'apps/web/vitest.config.ts': 'export const ci = process.env.CI;\n',
  // Routes are registered by app.ts; a service calls its own repo and other modules' services.
  'apps/server/src/app.ts': `import { registerProofA } from './modules/proof-a/routes';
import { registerProofB } from './modules/proof-b/routes';

export const buildApp = () => [registerProofA(), registerProofB()];
`,
  'apps/server/src/config.ts': 'export const port = process.env.PORT;\n',
  'apps/server/src/modules/proof-a/routes.ts': `import { proofA } from './service';

export const registerProofA = () => proofA();
`,
  'apps/server/src/modules/proof-a/service.ts': `import { proofB } from '../proof-b/service';
import { readA } from './repo';

export const proofA = () => readA() + proofB();
`,
  'apps/server/src/modules/proof-a/repo.ts': `import { type ProofAState, proofA } from '../../db/schema';

export const readA = (state: ProofAState) => [proofA, state];
`,
  // Each table's owner is the data map's; the schema declares the tables.
  'apps/server/src/db/schema/index.ts': `import { pgTable, text } from 'drizzle-orm/pg-core';

export type ProofAState = 'a';
export const proofA = pgTable('proof_a', { id: text('id') });
export const proofB = pgTable('proof_b', { id: text('id') });
`,
  'apps/server/src/modules/account/data-map.ts': `export const DATA_MAP = {
  proof_a: { owner: 'modules/proof-a' },
  proof_b: {
    owner: 'modules/proof-b',
  },
};
`,
  'apps/server/src/modules/proof-b/routes.ts': `import { proofB } from './service';

export const registerProofB = () => proofB();
`,
  'apps/server/src/modules/proof-b/service.ts': `import { readB } from './repo';

export const proofB = () => readB();
`,
  'apps/server/src/modules/proof-b/repo.ts': "export const readB = () => 'b';\n",
  'apps/server/drizzle.config.ts': 'export const url = process.env.DATABASE_URL;\n',
  'apps/server/scripts/seed-demo.ts': 'export const appEnv = process.env.APP_ENV;\n',
  // The extension's `@/` alias (WXT) resolves to the extension's own files.
  'apps/extension/entrypoints/background.ts': `import { proofTarget } from '@/src/proof-target';

export default proofTarget;
`,
  'apps/extension/src/proof-target.ts': "export const proofTarget = 'extension';\n",
  'apps/extension/wxt.config.ts': 'export const storeBuild = process.env.STILLPOINT_STORE_BUILD;\n',
  'packages/core/src/proof-rule.ts': 'export const proofRule = (minutes: number) => minutes * 60;\n',
  // Test support in core, used by a test.
  'packages/core/src/testing/proof-arbitraries.ts': "export const proofSites = ['a.com'];\n",
  'packages/core/src/proof-rule.test.ts': `import { proofSites } from './testing/proof-arbitraries';

export const proofCases = proofSites;
`,
  'vitest.config.ts': 'export const ci = process.env.CI;\n',
  'e2e/playwright.config.ts': 'export const chromium = process.env.CHROMIUM_PATH;\n',
  'e2e/fixtures/proof-fixture.ts': 'export const port = process.env.PORT;\n',
  'bench/proof-bench.ts': 'export const runs = process.env.BENCH_RUNS;\n',
  'scripts/proof-script.mjs': 'export const port = process.env.PORT;\n',
};

/** One planted violation per rule, with the rule that must report it. */
const planted = [
  {
    what: 'product code imports core test support',
    tool: 'deps',
    rule: 'testing-support-only-in-tests',
    file: 'apps/web/src/lib/proof-uses-testing.ts',
    source: `import { proofSites } from '../../../../packages/core/src/testing/proof-arbitraries';

export const proofUsesTesting = proofSites;
`,
  },
  {
    what: 'a web feature imports another feature',
    tool: 'deps',
    rule: 'web-feature-to-other-feature',
    file: 'apps/web/src/features/proofa/proof-cross-feature.tsx',
    source: `import { ProofB } from '../proofb/proof-b';

export const ProofCrossFeature = () => <ProofB />;
`,
  },
  {
    what: 'web lib imports a feature',
    tool: 'deps',
    rule: 'web-shared-to-feature-or-app',
    file: 'apps/web/src/lib/proof-lib-to-feature.ts',
    source: `import { useProofB } from '../features/proofb/use-proof-b';

export const proofLibToFeature = () => useProofB();
`,
  },
  {
    what: 'web ui imports the app shell',
    tool: 'deps',
    rule: 'web-shared-to-feature-or-app',
    file: 'apps/web/src/ui/proof-ui-to-app.tsx',
    source: `import { ProofShell } from '../app/proof-shell';

export const ProofUiToApp = () => <ProofShell />;
`,
  },
  {
    what: 'an index.ts barrel in the web app',
    tool: 'deps',
    rule: 'web-no-index-barrel',
    file: 'apps/web/src/lib/proofbarrel/index.ts',
    source: "export { proofApi } from '../proof-api';\n",
  },
  {
    what: 'core imports an app',
    tool: 'deps',
    rule: 'core-to-app',
    file: 'packages/core/src/proof-core-to-app.ts',
    source: `import { port } from '../../../apps/server/src/config';

export const proofCoreToApp = port;
`,
  },
  {
    what: 'core imports a node built-in with I/O',
    tool: 'deps',
    rule: 'core-to-io-built-in',
    file: 'packages/core/src/proof-core-io.ts',
    source: `import { readFileSync } from 'node:fs';

export const proofCoreIo = () => readFileSync('x');
`,
  },
  {
    what: 'the web app imports the server',
    tool: 'deps',
    rule: 'app-to-other-app',
    file: 'apps/web/src/lib/proof-web-to-server.ts',
    source: `import { proofA } from '../../../server/src/modules/proof-a/service';

export const proofWebToServer = () => proofA();
`,
  },
  {
    what: "a server module imports another module's repo",
    tool: 'deps',
    rule: 'server-module-to-other-module-repo',
    file: 'apps/server/src/modules/proof-a/report.ts',
    source: `import { readB } from '../proof-b/repo';

export const proofReport = () => readB();
`,
  },
  {
    what: "a server module imports another module's table",
    tool: 'tables',
    rule: 'table-owner',
    file: 'apps/server/src/modules/proof-a/proof-b-reader.ts',
    source: `import { proofB } from '../../db/schema';

export const proofBReader = () => proofB;
`,
  },
  {
    what: 'a routes.ts imported outside app.ts',
    tool: 'deps',
    rule: 'server-routes-only-from-app',
    file: 'apps/server/src/http/proof-routes-user.ts',
    source: `import { registerProofB } from '../modules/proof-b/routes';

export const proofRoutesUser = () => registerProofB();
`,
  },
  {
    what: 'an import cycle closed by a type-only import',
    tool: 'deps',
    rule: 'no-cycle',
    file: 'apps/server/src/integrations/proof-cycle/local.ts',
    source: `import type { ProofForwarder } from './index';

export const localForwarder: ProofForwarder = { forward: () => undefined };
`,
    extra: {
      'apps/server/src/integrations/proof-cycle/index.ts': `import { localForwarder } from './local';

export interface ProofForwarder {
  forward(): void;
}

export const createForwarder = (): ProofForwarder => localForwarder;
`,
    },
  },
  {
    what: 'an import that resolves to nothing',
    tool: 'deps',
    rule: 'not-to-unresolvable',
    file: 'apps/extension/src/proof-unresolvable.ts',
    source: `import { missing } from './does-not-exist';

export const proofUnresolvable = missing;
`,
  },
  {
    what: 'process.env read outside a config module',
    tool: 'biome',
    rule: 'lint/style/noProcessEnv',
    file: 'apps/server/src/proof-env.ts',
    source: 'export const proofPort = process.env.PORT;\n',
  },
  {
    what: 'a camelCase file name in the server (kebab-case)',
    tool: 'biome',
    rule: 'lint/style/useFilenamingConvention',
    file: 'apps/server/src/proofBadName.ts',
    source: "export const proofBadName = 'server';\n",
  },
  {
    what: 'a camelCase .ts file in the web app (kebab-case)',
    tool: 'biome',
    rule: 'lint/style/useFilenamingConvention',
    file: 'apps/web/src/lib/proofBadName.ts',
    source: "export const proofBadName = 'web';\n",
  },
  {
    what: 'a PascalCase .tsx file in the web app (kebab-case)',
    tool: 'biome',
    rule: 'lint/style/useFilenamingConvention',
    file: 'apps/web/src/ui/ProofBadName.tsx',
    source: 'export const ProofBadName = () => <p>web</p>;\n',
  },
];

/** Rules whose reports the proof reads; Biome's formatter and other lint rules are not its concern. */
const designRulesInBiome = new Set(['lint/style/noProcessEnv', 'lint/style/useFilenamingConvention']);

function write(dir, file, content) {
  const target = path.join(dir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
}

/** Runs a package.json script's command in `cwd` as npm would, with extra arguments for its reporter. */
function runScript(cwd, name, extraArgs) {
  const command = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts[name];
  if (!command) throw new Error(`package.json has no "${name}" script`);
  const result = spawnSync('sh', ['-c', `${command} ${extraArgs}`], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      PATH: `${path.join(cwd, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
    },
  });
  if (result.error) throw result.error;
  return result;
}

/** Biome's GitHub reporter prints one `::error title=<rule>,file=<path>,...` line per diagnostic. */
function biomeReports(dir, stdout) {
  const reports = [];
  for (const line of stdout.split('\n')) {
    const match = /^::\w+ title=([^,]+),file=([^,]+),/.exec(line);
    if (match?.[1] && match[2] && designRulesInBiome.has(match[1])) {
      reports.push({
        rule: match[1],
        file: path.relative(dir, path.resolve(dir, match[2])).split(path.sep).join('/'),
      });
    }
  }
  return reports;
}

// Node 20's util.styleText, which dependency-cruiser prints with, styles even when piped.
const ansiStyle = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * dependency-cruiser's `err` output (what `npm run lint` shows): `error <rule>: <from> → <to>`, one line
 * per offending dependency; a cycle continues on the next lines.
 */
function depsReports(stdout) {
  const reports = [];
  for (const line of stdout.replace(ansiStyle, '').split('\n')) {
    const match = /^\s*(?:error|warn|info) ([\w-]+): (\S+) →/.exec(line);
    if (match?.[1] && match[2]) reports.push({ rule: match[1], file: match[2] });
  }
  return reports;
}

function main() {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-design-rules-'));
  try {
    for (const file of configFiles) write(dir, file, fs.readFileSync(path.join(root, file)));
    // The tools and @stillpoint/core come from the repository's own install; nothing is copied.
    // Linked by its real path: a resolver that follows one symlink at a time would otherwise look
    // for workspace packages (node_modules/@stillpoint/*) next to a linked node_modules.
    fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
    for (const [file, content] of Object.entries(allowed)) write(dir, file, content);
    for (const plant of planted) {
      write(dir, plant.file, plant.source);
      for (const [file, content] of Object.entries(plant.extra ?? {})) write(dir, file, content);
    }

    const biome = runScript(dir, 'lint:biome', '--reporter=github --max-diagnostics=none');
    const deps = runScript(dir, 'lint:deps', '');
    const tables = runScript(dir, 'lint:tables', '');
    const reports = {
      biome: biomeReports(dir, biome.stdout),
      deps: depsReports(deps.stdout),
      tables: depsReports(tables.stdout),
    };

    const failures = [];
    let passed = 0;
    const check = (ok, message) => {
      if (ok) passed += 1;
      else failures.push(message);
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
    };

    check(biome.status !== 0, `lint:biome exits non-zero on the planted tree (exit ${biome.status})`);
    check(deps.status !== 0, `lint:deps exits non-zero on the planted tree (exit ${deps.status})`);
    check(tables.status !== 0, `lint:tables exits non-zero on the planted tree (exit ${tables.status})`);
    for (const plant of planted) {
      // A cycle is reported from one of its modules, whichever the cruise reaches first.
      const files = [plant.file, ...Object.keys(plant.extra ?? {})];
      const hits = reports[plant.tool].filter((report) => files.includes(report.file));
      const byRule = hits.filter((report) => report.rule === plant.rule);
      const others = [...new Set(hits.filter((report) => report.rule !== plant.rule).map((r) => r.rule))];
      check(
        byRule.length > 0 && others.length === 0,
        `${plant.what}: ${plant.file} reported by ${plant.rule}` +
          (byRule.length === 0 ? ' (not reported)' : '') +
          (others.length > 0 ? ` (also by ${others.join(', ')})` : ''),
      );
    }
    const plantedFiles = new Set(planted.flatMap((plant) => [plant.file, ...Object.keys(plant.extra ?? {})]));
    const falseAlarms = [...reports.biome, ...reports.deps, ...reports.tables].filter(
      (report) => !plantedFiles.has(report.file),
    );
    check(
      falseAlarms.length === 0,
      `nothing allowed is reported (${Object.keys(allowed).length} allowed files)` +
        falseAlarms.map((report) => `\n       ${report.rule}: ${report.file}`).join(''),
    );

    console.log(
      `\ndesign rules proof: ${passed} passed, ${failures.length} failed (${Date.now() - started} ms)`,
    );
    if (failures.length > 0) {
      console.error(
        '\nA lint rule no longer reports what it should: fix .dependency-cruiser.cjs, biome.json or scripts/check-table-owners.mjs.',
      );
      if (biome.stderr.trim()) console.error(`\nlint:biome stderr:\n${biome.stderr}`);
      if (deps.stderr.trim()) console.error(`\nlint:deps stderr:\n${deps.stderr}`);
      if (tables.stderr.trim()) console.error(`\nlint:tables stderr:\n${tables.stderr}`);
      process.exitCode = 1;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
