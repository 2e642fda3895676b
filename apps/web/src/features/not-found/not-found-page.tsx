import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { documentTitle } from '../../lib/document-title';
import { Footer } from '../../lib/footer/footer';
import { buttonStyles } from '../../ui/button-styles';
import { Page } from '../../ui/page';

const subscribeToNothing = () => () => undefined;

/**
 * Whether the page runs in the browser, past the drawing made at build time: the drawing may
 * carry only a title in its head, so the noindex meta comes with the app (the server's 404 sends
 * it in the document's head and headers too).
 */
const useInBrowser = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

/**
 * Any address that is not a page (the router's catch-all): says so, and leads home, which sends
 * someone signed out on to sign in. The server answers such an address with status 404 and this
 * page, drawn at build time.
 */
export function NotFoundPage() {
  const inBrowser = useInBrowser();
  return (
    <Page title={documentTitle('Page not found')} heading="Page not found">
      {inBrowser ? <meta name="robots" content="noindex" /> : null}
      <p className="mt-3 max-w-prose text-lg text-muted">
        There is no page at this address. The link may be mistyped or out of date.
      </p>
      <div className="mt-6">
        <Link to="/" className={buttonStyles('primary')}>
          Go to {brand.name}
        </Link>
      </div>
      <Footer />
    </Page>
  );
}
