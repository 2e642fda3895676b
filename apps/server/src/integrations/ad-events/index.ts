import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AdEventForwarder } from './forwarder';
import { localAdEventForwarder } from './local';
import { tiktokEventsApi } from './tiktok';

export type { AdEvent, AdEventForwarder } from './forwarder';

export function createAdEventForwarder(
  config: Pick<Config, 'tiktok'>,
  log: FastifyBaseLogger,
): AdEventForwarder {
  return config.tiktok ? tiktokEventsApi(config.tiktok) : localAdEventForwarder(log);
}
