import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Home dashboard (SPEC §2 Home). Sites, feedblocking and phone use arrive with their issues. */
export function HomePage() {
  return <Page title={documentTitle('Home')} heading="Home" />;
}
