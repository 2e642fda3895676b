import type { Config } from '../../config';
import type { AnalyticsForwarder } from './forwarder';
import { httpAnalyticsForwarder } from './http';
import { localAnalyticsForwarder } from './local';

export type { AnalyticsForwarder, ForwardedEvent } from './forwarder';

export function createAnalyticsForwarder(config: Pick<Config, 'analyticsForwardUrl'>): AnalyticsForwarder {
  return config.analyticsForwardUrl
    ? httpAnalyticsForwarder(config.analyticsForwardUrl)
    : localAnalyticsForwarder();
}
