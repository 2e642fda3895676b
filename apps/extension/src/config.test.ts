import { describe, expect, it } from 'vitest';
import { extensionConfig, isAllowedWebAppOrigin, parseAppEnv } from './config';

describe('the build configuration', () => {
  it('development and test builds accept the web app on this machine, on any port', () => {
    for (const env of ['development', 'test'] as const) {
      const config = extensionConfig(env);
      expect(config.connectablePatterns).toEqual(['http://localhost/*', 'http://127.0.0.1/*']);
      expect(isAllowedWebAppOrigin(config, 'http://localhost:3000')).toBe(true);
      expect(isAllowedWebAppOrigin(config, 'http://127.0.0.1:45123')).toBe(true);
      expect(isAllowedWebAppOrigin(config, 'http://localhost')).toBe(true);
      expect(isAllowedWebAppOrigin(config, 'http://192.168.1.2:3000')).toBe(false);
      expect(isAllowedWebAppOrigin(config, 'http://localhost:3000/path')).toBe(false);
      expect(isAllowedWebAppOrigin(config, 'chrome-extension://abc')).toBe(false);
      expect(isAllowedWebAppOrigin(config, null)).toBe(false);
    }
  });

  it('staging and production accept exactly their public origin', () => {
    const production = extensionConfig('production');
    expect(production.connectablePatterns).toEqual(['https://stillpoint.app/*']);
    expect(production.defaultOrigin).toBe('https://stillpoint.app');
    expect(isAllowedWebAppOrigin(production, 'https://stillpoint.app')).toBe(true);
    expect(isAllowedWebAppOrigin(production, 'http://stillpoint.app')).toBe(false);
    expect(isAllowedWebAppOrigin(production, 'https://evil.stillpoint.app')).toBe(false);
    expect(isAllowedWebAppOrigin(extensionConfig('staging'), 'https://staging.stillpoint.app')).toBe(true);
  });

  it('refuses an unknown environment name loudly', () => {
    expect(parseAppEnv(undefined)).toBe('development');
    expect(() => parseAppEnv('prod')).toThrow('STILLPOINT_APP_ENV must be one of');
  });
});
