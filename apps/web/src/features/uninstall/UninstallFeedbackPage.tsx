import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Extension-uninstall feedback (SPEC §2 /uninstall-chrome-extension): asks for a reason. */
export function UninstallFeedbackPage() {
  return <Page title={documentTitle('Uninstall Feedback')} heading="Sorry to See You Go" />;
}
