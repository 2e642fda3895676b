import { vi } from 'vitest';

type Handler = (message: { type: string } & Record<string, unknown>) => unknown;

/**
 * An installed extension as a page sees it: chrome.runtime.sendMessage delivers to `handler`, whose
 * return value is the reply. With `installed: false` Chrome's "Receiving end does not exist" is
 * simulated (lastError set, no reply).
 */
export function installFakeExtension(handler: Handler, { installed = true } = {}) {
  const received: { extensionId: string; message: unknown }[] = [];
  const runtime = {
    lastError: undefined as { message: string } | undefined,
    sendMessage: vi.fn((extensionId: string, message: unknown, callback: (reply: unknown) => void) => {
      received.push({ extensionId, message });
      queueMicrotask(() => {
        if (!installed) {
          runtime.lastError = { message: 'Could not establish connection. Receiving end does not exist.' };
          callback(undefined);
          runtime.lastError = undefined;
          return;
        }
        callback(handler(message as { type: string } & Record<string, unknown>));
      });
    }),
  };
  vi.stubGlobal('chrome', { runtime });
  return { received };
}
