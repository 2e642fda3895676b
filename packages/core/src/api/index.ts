import { healthEndpoints } from './schemas/health';
import { userEndpoints } from './schemas/user';

export * from './endpoint';
export * from './envelope';
export * from './schemas/health';
export * from './schemas/user';

/** Every call of the product's own server, keyed by name. Paths are relative to /api. */
export const endpoints = {
  ...healthEndpoints,
  ...userEndpoints,
} as const;
export type EndpointName = keyof typeof endpoints;
