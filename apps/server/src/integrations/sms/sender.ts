/** One text message to one phone number (E.164). */
export interface SmsMessage {
  to: string;
  body: string;
}

/** Delivers sign-in codes. Adapters throw when the message was not accepted, so the caller can say so. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Sends through every sender in turn: with Twilio and the outbox both on, a message is sent and recorded. */
export function fanOut(senders: readonly SmsSender[]): SmsSender {
  return {
    async send(message) {
      for (const sender of senders) await sender.send(message);
    },
  };
}
