import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('runs locally on port 3000 with PGlite under ./.data by default', () => {
    const config = loadConfig({}, '/srv/stillpoint');
    expect(config.appEnv).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/stillpoint/.data/pglite' });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://127.0.0.1:5432/test' });
  });

  it('selects the configuration set of the environment', () => {
    const production = loadConfig({ APP_ENV: 'production' });
    const development = loadConfig({ APP_ENV: 'development', PORT: '4100' });
    expect(production.publicUrl).toBe('https://stillpoint.app');
    expect(production.isProduction).toBe(true);
    expect(development.publicUrl).toBe('http://localhost:4100');
    expect(production.environment.prices.annual).not.toBe(development.environment.prices.annual);
    expect(development.extensionId).toMatch(/^[a-p]{32}$/);
    expect(production.extensionId).toBeNull();
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });

  it('names every invalid variable in one readable error', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', APP_ENV: 'prod', DATABASE_URL: 'mysql://x', EXTENSION_ID: 'abc' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'APP_ENV', 'DATABASE_URL', 'EXTENSION_ID']) expect(message).toContain(name);
    }
  });
});
