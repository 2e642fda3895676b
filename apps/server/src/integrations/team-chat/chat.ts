/** Where feedback goes for the team to read: a chat channel's incoming webhook, or the log. */
export interface TeamChat {
  /** Posts one message: resolves once it was taken (by the chat, or by the log); throws when not. */
  post(text: string): Promise<void>;
}
