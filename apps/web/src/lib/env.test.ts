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
    expect(await loadEnv('')).toMatchObject({ appEnv: 'development', isProduction: false });
  });

  it('is production only for a production build', async () => {
    expect(await loadEnv('production')).toMatchObject({ appEnv: 'production', isProduction: true });
    expect(await loadEnv('staging')).toMatchObject({ appEnv: 'staging', isProduction: false });
  });

  it('names a local TikTok pixel in development and test builds only, unless one is configured', async () => {
    expect((await loadEnv('development')).tiktokPixelCode).toBe('STILLPOINT_LOCAL_PIXEL');
    expect((await loadEnv('test')).tiktokPixelCode).toBe('STILLPOINT_LOCAL_PIXEL');
    expect((await loadEnv('production')).tiktokPixelCode).toBeNull();
    vi.stubEnv('VITE_TIKTOK_PIXEL_CODE', 'C4PIXEL');
    expect((await loadEnv('production')).tiktokPixelCode).toBe('C4PIXEL');
  });

  it('refuses to start with a typo, naming the build variable', async () => {
    await expect(loadEnv('prod')).rejects.toThrow(
      'VITE_APP_ENV must be one of development, test, staging, production; got "prod".',
    );
  });
});
