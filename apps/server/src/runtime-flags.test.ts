import { beforeEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString,
}));

describe('the server’s V8 options', () => {
  beforeEach(() => setFlagsFromString.mockClear());

  it('turn allocation-site pretenuring off as the module loads', async () => {
    await import('./runtime-flags');
    expect(setFlagsFromString.mock.calls).toEqual([['--no-allocation-site-pretenuring']]);
  });

  it('are imported by main.ts before anything else', async () => {
    const { readFileSync } = await import('node:fs');
    const main = readFileSync(new URL('./main.ts', import.meta.url), 'utf8');
    const firstImport = main.split('\n').find((line) => line.startsWith('import '));
    expect(firstImport).toBe("import './runtime-flags';");
  });
});
