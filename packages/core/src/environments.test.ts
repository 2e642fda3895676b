import { describe, expect, it } from 'vitest';
import { parseAppEnv } from './environments';

describe('parseAppEnv', () => {
  it('defaults to development when unset or empty', () => {
    expect(parseAppEnv(undefined, 'APP_ENV')).toBe('development');
    expect(parseAppEnv('', 'APP_ENV')).toBe('development');
  });

  it('accepts every configuration set', () => {
    for (const name of ['development', 'test', 'staging', 'production'] as const) {
      expect(parseAppEnv(name, 'APP_ENV')).toBe(name);
    }
  });

  it('refuses a typo, naming the variable', () => {
    expect(() => parseAppEnv('prod', 'VITE_APP_ENV')).toThrow(/VITE_APP_ENV must be one of .*got "prod"/);
  });
});
