import type { TeamChat } from './chat';

export const TEAM_CHAT_TIMEOUT_MS = 5_000;

/**
 * An incoming webhook (Slack and compatible chats): a POST of `{ "text": ... }`. Anything but a 2xx
 * answer within the timeout is a failure; the message stays stored and is tried again later.
 */
export function httpTeamChat(url: string, { timeoutMs = TEAM_CHAT_TIMEOUT_MS } = {}): TeamChat {
  return {
    async post(text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`the team-chat webhook answered ${response.status}`);
    },
  };
}
