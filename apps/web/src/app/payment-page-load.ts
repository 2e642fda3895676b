import { isPaymentPagePath } from '@stillpoint/core';
import type { LoaderFunctionArgs } from 'react-router';

// The path this document was loaded at: its Content-Security-Policy was chosen for it by the server.
// No document when the build draws first screens; it sets the path itself.
const loadedAt = globalThis.location?.pathname ?? '/';

/** The document and the way to replace it; one object so tests can stand in for a page load. */
export const documentLoad = {
  path: (): string => loadedAt,
  open(url: string): void {
    window.location.assign(url);
  },
};

/**
 * The route loader of the pages that take a card. Only their documents may load Stripe (the
 * server allows its origins there alone), so reaching one from another page inside the app is
 * turned into a full page load, which brings the payment page's policy with it.
 */
export function paymentPageLoader({ request }: LoaderFunctionArgs): Promise<null> | null {
  const { pathname, search } = new URL(request.url);
  // Never reload the page the document was loaded at: that could only load it again, for ever.
  if (isPaymentPagePath(documentLoad.path()) || pathname === documentLoad.path()) return null;
  documentLoad.open(`${pathname}${search}`);
  // The page is being replaced; the in-app navigation never finishes.
  return new Promise<null>(() => undefined);
}
