/** What Better Auth's completion page posts to the window that opened the popup. */
export interface PopupMessage {
  token?: string;
  error?: { code: string; description?: string };
}

const MESSAGE_TYPE = 'better-auth:oauth-popup';

/**
 * Listens for the popup's completion message alongside Better Auth's client. That client polls
 * `popup.closed` every 500 ms, and the completion page posts its message and closes at once, so
 * the poll can win and report "closed" for a sign-in that finished or was cancelled. The message
 * still arrives, just after: `settled` waits briefly for it. Only this page's own origin (where
 * Better Auth serves the completion page) can post a message that counts.
 */
export function listenForPopupResult() {
  let received: PopupMessage | null = null;
  let notify: (() => void) | null = null;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== MESSAGE_TYPE) return;
    received = data as PopupMessage;
    notify?.();
  };
  window.addEventListener('message', onMessage);

  return {
    /** The message, if it came already or comes within `graceMs`; then stops listening. */
    async settled(graceMs = 500): Promise<PopupMessage | null> {
      if (!received) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          notify = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      window.removeEventListener('message', onMessage);
      return received;
    },
    stop: () => window.removeEventListener('message', onMessage),
  };
}
