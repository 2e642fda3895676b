/** One e-mail to one address: always a plain-text part, and an HTML alternative when given. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** Sent beside `text` as multipart/alternative; mail clients that show HTML pick this one. */
  html?: string;
  /**
   * Header fields added to the message, by name (e.g. `List-Unsubscribe`). Values are single-line
   * text; the adapters refuse a line break, so no caller can add a header of its own making.
   */
  headers?: Readonly<Record<string, string>>;
}

/** Header names as RFC 5322 allows them (printable ASCII but the colon), and single-line values. */
const HEADER_NAME = /^[\x21-\x39\x3b-\x7e]+$/;
const LINE_BREAK = /[\r\n]/;

/** The message's extra headers, checked: a name or a value that could start another header throws. */
export function extraHeaders(message: EmailMessage): Record<string, string> {
  const headers = message.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || LINE_BREAK.test(value)) {
      throw new Error(`The e-mail header ${JSON.stringify(name)} is not a single header line`);
    }
  }
  return { ...headers };
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
