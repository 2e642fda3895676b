import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { TeamChat } from './chat';
import { httpTeamChat } from './http';
import { localTeamChat } from './local';

export type { TeamChat } from './chat';

export function createTeamChat(config: Pick<Config, 'feedbackWebhookUrl'>, log: FastifyBaseLogger): TeamChat {
  return config.feedbackWebhookUrl ? httpTeamChat(config.feedbackWebhookUrl) : localTeamChat(log);
}
