import { afterEach, describe, expect, it, vi } from 'vitest';

/** env is read once, when the module loads: each case loads it afresh with its own build variable. */
async function loadEnv(value: string) {
  vi.stubEnv('VITE_APP_ENV', value);
  vi.resetModules();
  return (await import('./env')).env;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('env', () => {
  it('is development when VITE_APP_ENV is not set', async () => {
    expect(await loadEnv('')).toEqual({ appEnv: 'development', isProduction: false });
  });

  it('is production only for a production build', async () => {
    expect(await loadEnv('production')).toEqual({ appEnv: 'production', isProduction: true });
    expect(await loadEnv('staging')).toEqual({ appEnv: 'staging', isProduction: false });
  });

  it('refuses to start with a typo, naming the build variable', async () => {
    await expect(loadEnv('prod')).rejects.toThrow(
      'VITE_APP_ENV must be one of development, test, staging, production; got "prod".',
    );
  });
});
