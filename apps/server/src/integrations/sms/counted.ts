import type { SmsSender } from './sender';

export type SmsOutcome = 'sent' | 'failed';

/** Reports each message's outcome (the metrics count sign-in codes sent and failed). */
export const countedSmsSender = (sender: SmsSender, count: (outcome: SmsOutcome) => void): SmsSender => ({
  async send(message) {
    try {
      await sender.send(message);
    } catch (error) {
      count('failed');
      throw error;
    }
    count('sent');
  },
});
