/**
 * What the breathe page asks of the browser tab it runs in. Kept in one object so tests can
 * watch it: a test page cannot really close itself or leave for another site.
 */
export const browserTab = {
  /** Browsers only honour this for tabs a script opened (or with nothing else in their history). */
  close(): void {
    window.close();
  },
  isClosed(): boolean {
    return window.closed;
  },
  /** Leaves for the intercepted site; replace, so Back does not land on the breathing again. */
  leaveTo(url: string): void {
    window.location.replace(url);
  },
};
