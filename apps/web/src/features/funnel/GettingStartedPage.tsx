import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Web-first funnel (SPEC §2 /getting-started): questions, sign-up, purchase, download. */
export function GettingStartedPage() {
  return <Page title={documentTitle('Getting Started')} heading="Getting Started" />;
}
