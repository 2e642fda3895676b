/** SPEC §7 request conventions of the product's own server. */

export const DEFAULT_API_VERSION = '1.4.0';
export const API_PREFIX = '/api';

export const apiHeaders = {
  version: 'Accept-Version',
  platform: 'X-App-Platform',
} as const;
