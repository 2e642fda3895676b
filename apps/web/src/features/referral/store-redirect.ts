/** Leaving for the app store; one object so tests can watch it (a test page cannot really leave). */
export const storeRedirect = {
  open(url: string): void {
    window.location.assign(url);
  },
};
