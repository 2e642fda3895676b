import { describe, expect, it } from 'vitest';
import { parseAppEnv } from './env';

describe('parseAppEnv', () => {
  it('defaults to development', () => {
    expect(parseAppEnv(undefined)).toBe('development');
    expect(parseAppEnv('')).toBe('development');
  });

  it('accepts each configuration set', () => {
    for (const name of ['development', 'test', 'staging', 'production']) expect(parseAppEnv(name)).toBe(name);
  });

  it('rejects a typo with a message naming the choices', () => {
    expect(() => parseAppEnv('prod')).toThrow(
      'VITE_APP_ENV must be one of development, test, staging, production; got "prod".',
    );
  });
});
