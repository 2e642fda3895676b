import path from 'node:path';
import { type AppEnv, appEnvs, type EnvironmentSet, environments } from '@stillpoint/core';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  APP_ENV: z.enum(appEnvs).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  EXTENSION_ID: z
    .string()
    .regex(/^[a-p]{32}$/, 'must be a 32-letter Chrome extension id')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: booleanFlag.optional(),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
});

export type ServerEnv = z.input<typeof envSchema>;

export interface Config {
  appEnv: AppEnv;
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  environment: EnvironmentSet;
  extensionId: string | null;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  webDistDir: string | null;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  trustProxy: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the environment once at startup, so a bad value stops the server with a
 * message naming the variable instead of failing later at the first request that needs it.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = defaultCwd(),
): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const environment = environments[vars.APP_ENV];
  const dataDir = path.resolve(cwd, vars.DATA_DIR ?? '.data');
  return {
    appEnv: vars.APP_ENV,
    isProduction: vars.APP_ENV === 'production',
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: (vars.PUBLIC_URL ?? defaultPublicUrl(vars.APP_ENV, vars.PORT, environment)).replace(/\/$/, ''),
    environment,
    extensionId: vars.EXTENSION_ID ?? environment.extensionId,
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    webDistDir: vars.WEB_DIST_DIR ? path.resolve(cwd, vars.WEB_DIST_DIR) : null,
    logLevel: vars.LOG_LEVEL ?? (vars.APP_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: vars.TRUST_PROXY ?? false,
    // A person at a terminal gets readable lines; pipes and production get JSON.
    logFormat: vars.LOG_FORMAT ?? (process.stdout.isTTY && vars.APP_ENV !== 'production' ? 'pretty' : 'json'),
  };
}

/** Locally the public URL follows PORT; deployed environments have a fixed origin. */
function defaultPublicUrl(appEnv: AppEnv, port: number, environment: EnvironmentSet): string {
  return appEnv === 'development' || appEnv === 'test' ? `http://localhost:${port}` : environment.publicUrl;
}

/** npm sets INIT_CWD to where the command was typed, so `.data/` lands in the repository root. */
function defaultCwd(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/** An empty variable (`FOO=`) means "not set", as in most twelve-factor tooling. */
function stripEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}
