/** Where feedback goes for the team to read: a chat channel's incoming webhook, or the log. */
export interface TeamChat {
  /** Posts one message; `delivered` is false when it was only logged. Throws when delivery failed. */
  post(text: string): Promise<{ delivered: boolean }>;
}
