// The design's dependency rules (DESIGN.md "Layout", docs/architecture.md), checked by
// `npm run lint`. Each rule's comment is what a person sees when they break it.
// Why swc parses here and how type-only imports count: docs/decisions/016-design-rules-as-lint.md.

// Lets swc parse .tsx; loaded here so that any depcruise run, not only `npm run lint`, gets it.
require('./scripts/depcruise-swc-tsx.cjs');

// Node built-ins that reach the file system, network, processes, terminal or machine.
// Core is pure rules and runs in the browser too, so none of these belong there.
const ioBuiltIns = [
  'child_process',
  'cluster',
  'dgram',
  'dns',
  'dns/promises',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'inspector',
  'module',
  'net',
  'os',
  'process',
  'readline',
  'readline/promises',
  'repl',
  'sqlite',
  'tls',
  'tty',
  'wasi',
  'worker_threads',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-other-feature',
      severity: 'error',
      comment:
        'A web feature does not import another feature. Move what both need to apps/web/src/lib ' +
        '(or ui, or packages/core), or let apps/web/src/app compose the two features.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-to-feature-or-app',
      severity: 'error',
      comment:
        'apps/web/src/ui and apps/web/src/lib are shared by every feature, so they never import a ' +
        'feature or the app shell. Move the shared part down into ui/lib, or pass it in as a prop.',
      from: { path: '^apps/web/src/(ui|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-no-index-barrel',
      severity: 'error',
      comment:
        'The web app has no index.ts barrels: a barrel lets the same module be imported both through ' +
        'it and around it, and pulls every re-exported file into whatever imports one name. Import ' +
        'the file that defines what you use, and put the code in a file named after what it is.',
      from: { path: ['^apps/web/src/index\\.[cm]?[jt]sx?$', '^apps/web/src/.*/index\\.[cm]?[jt]sx?$'] },
      to: {},
    },
    {
      name: 'core-to-app',
      severity: 'error',
      comment:
        'packages/core is imported by every app, so it never imports one. Move the shared code into core.',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
    {
      name: 'core-to-io-built-in',
      severity: 'error',
      comment:
        'packages/core holds pure rules and runs in the browser and the extension too: no file system, ' +
        'network, process or terminal modules. Do the I/O in an app and pass the data in.',
      from: { path: '^packages/core/' },
      to: { dependencyTypes: ['core'], path: `^(node:)?(${ioBuiltIns.join('|')})$` },
    },
    {
      name: 'app-to-other-app',
      severity: 'error',
      comment:
        'An app (web, server, extension) never imports another app. What two apps share lives in ' +
        'packages/core and is imported as @stillpoint/core.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'server-module-to-other-module-repo',
      severity: 'error',
      comment:
        "A server module never reads another module's repo: each table has one owner. Call the owning " +
        "module's service instead.",
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/repo(\\.[cm]?[jt]s|/)',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-routes-only-from-app',
      severity: 'error',
      comment:
        'Routes are HTTP only and are registered in apps/server/src/app.ts; nothing else imports a ' +
        'routes.ts. Put shared logic in the service and import that.',
      from: { pathNot: '^apps/server/src/app\\.ts$' },
      to: { path: '^apps/server/src/.*/routes\\.[cm]?[jt]s$' },
    },
    {
      name: 'testing-support-only-in-tests',
      severity: 'error',
      comment:
        'packages/core/src/testing (@stillpoint/core/testing) is test support: generators for property ' +
        'tests. Only tests and test support import it, so it never ships in a program.',
      from: {
        pathNot:
          '(\\.test\\.tsx?$|/test-support/|^apps/[^/]+/test/|^apps/web/src/test/|^e2e/|^packages/core/src/testing/)',
      },
      to: { path: '^packages/core/src/testing/' },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'Import cycle (type-only imports count too). Break it by moving the shared part, often a type, ' +
        'into a module both sides import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'This import does not resolve to a file or an installed package, so the rules above cannot ' +
        'check it. Fix the path, or add the package to the right package.json.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // swc reads TypeScript as written, so type-only imports are dependencies like any other.
    // (tsPreCompilationDeps only steers the tsc parser, which needs TypeScript's JS API: TS 7 has none.)
    parser: 'swc',
    // Paths for the extension's `@/` imports; see the comment in that file.
    tsConfig: { fileName: '.dependency-cruiser.tsconfig.json' },
    doNotFollow: { path: ['node_modules'] },
    exclude: {
      path: [
        '(^|/)(node_modules|dist|\\.output|\\.wxt|coverage|test-results|playwright-report|\\.artifacts)/',
      ],
    },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
  },
};
