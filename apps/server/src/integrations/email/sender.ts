/** One e-mail to one address: always a plain-text part, and an HTML alternative when given. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** Sent beside `text` as multipart/alternative; mail clients that show HTML pick this one. */
  html?: string;
}

/** Delivers e-mail. Adapters throw when the message was not accepted, so the caller can log it. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** Sends through every sender in turn: with SMTP and the outbox both on, a message is sent and recorded. */
export function fanOut(senders: readonly EmailSender[]): EmailSender {
  return {
    async send(message) {
      for (const sender of senders) await sender.send(message);
    },
  };
}
