import type { TestAppOptions } from '../support/app';

/**
 * Outside services that take what they are sent only when the test lets them. Forwarding after an
 * accepted call writes its result back to the stored row; held, that write cannot land while a
 * later, refused call is being checked for changes. Payment webhooks are refused outright, so the
 * local provider keeps its events pending and fulfils nothing behind the test's back.
 */
export interface HeldServices {
  options: TestAppOptions;
  /** Lets every held send finish (before the app closes, which waits for them). */
  release(): void;
}

export function heldServices(): HeldServices {
  const waiting: (() => void)[] = [];
  const hold = () => new Promise<void>((resolve) => waiting.push(resolve));
  return {
    options: {
      teamChat: { post: hold },
      analyticsForwarder: { forward: hold },
      adEventForwarder: { forward: hold },
      emailSender: { send: hold },
      paymentWebhookDelivery: async () => ({ status: 503 }),
    },
    release() {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}
