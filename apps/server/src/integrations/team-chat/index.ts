import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { httpTeamChat } from './http';
import { localTeamChat } from './local';

/** Where feedback goes for the team to read: a chat channel's incoming webhook, or the log. */
export interface TeamChat {
  /** Posts one message; `delivered` is false when it was only logged. Throws when delivery failed. */
  post(text: string): Promise<{ delivered: boolean }>;
}

export function createTeamChat(config: Pick<Config, 'feedbackWebhookUrl'>, log: FastifyBaseLogger): TeamChat {
  return config.feedbackWebhookUrl ? httpTeamChat(config.feedbackWebhookUrl) : localTeamChat(log);
}
