import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DYNAMIC_CODE, noDynamicCode } from './no-dynamic-code';

// zod's comments speak of `new Function`; the bundler drops them, so only code counts here.
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');

type Transform = (code: string, id: string) => { code: string } | null;
const transform = noDynamicCode.transform as unknown as Transform;

// zod's own files, where it takes the Function constructor (the probe, and the two compilers).
const zodCore = path.dirname(createRequire(import.meta.url).resolve('zod/v4/core'));
const zodFiles = ['util.js', 'doc.js', 'compile.js']
  .map((name) => path.join(zodCore, name))
  .filter((file) => readFileSync(file, 'utf8').includes('Function'));

describe('the build step that keeps evaluated code out of the extension', () => {
  it('finds zod files that take the Function constructor', () => {
    expect(zodFiles.length).toBeGreaterThan(0);
  });

  it.each(zodFiles)('leaves no way to the Function constructor in %s', (file) => {
    const result = transform(readFileSync(file, 'utf8'), file);
    expect(result).not.toBeNull();
    expect(withoutComments(result?.code ?? '')).not.toMatch(DYNAMIC_CODE);
  });

  it('makes the stand-in throw, so zod answers that evaluation is not allowed', () => {
    const result = transform(
      'const F = Function;\nexport const make = () => new F("");',
      '/x/node_modules/zod/v4/core/util.js',
    );
    const make = new Function(`${result?.code.replace('export ', '')}; return make;`)() as () => unknown;
    expect(make).toThrow(EvalError);
  });

  it('leaves code outside zod alone', () => {
    expect(transform('const F = Function;', '/app/src/own.js')).toBeNull();
  });
});
