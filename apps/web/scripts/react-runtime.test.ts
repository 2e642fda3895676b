import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Alias, loadConfigFromFile, resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';

// React 19 runs the web app everywhere, the build, `npm run dev`, the first screens and the tests
// (decision 040): nothing may put another renderer in its place.
const webRoot = path.resolve(__dirname, '..');
const REACT_IMPORTS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
];

const aliased = (aliases: readonly Alias[]) =>
  REACT_IMPORTS.filter((specifier) =>
    aliases.some(({ find }) => (typeof find === 'string' ? find === specifier : find.test(specifier))),
  );

describe('the web app runs on React', () => {
  it.each(['build', 'serve'] as const)('vite.config.ts aliases no React import (%s)', async (command) => {
    const config = await resolveConfig(
      { root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'silent' },
      command,
    );
    expect(aliased(config.resolve.alias)).toEqual([]);
    // React's own JSX and Fast Refresh.
    expect(config.plugins.some((plugin) => plugin.name.startsWith('vite:react'))).toBe(true);
  });

  it('vitest.config.ts aliases no React import', async () => {
    const loaded = await loadConfigFromFile(
      { command: 'serve', mode: 'test' },
      path.join(webRoot, 'vitest.config.ts'),
      webRoot,
      'silent',
    );
    const alias = loaded?.config.resolve?.alias ?? [];
    const aliases: Alias[] = Array.isArray(alias)
      ? alias
      : Object.entries(alias).map(([find, replacement]) => ({ find, replacement: String(replacement) }));
    expect(aliased(aliases)).toEqual([]);
  });

  it('React and React DOM are what the app depends on, and Preact is not', () => {
    const manifest = JSON.parse(readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(expect.arrayContaining(['react', 'react-dom']));
    const all = { ...manifest.dependencies, ...manifest.devDependencies };
    expect(Object.keys(all).filter((name) => /preact|prefresh/.test(name))).toEqual([]);
  });

  it('the tests render with the same React as the build', async () => {
    const [react, reactDom] = await Promise.all([import('react'), import('react-dom')]);
    expect(react.version).toMatch(/^19\./);
    expect(reactDom.version).toBe(react.version);
  });
});
