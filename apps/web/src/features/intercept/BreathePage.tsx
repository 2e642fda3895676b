import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Intercept page (SPEC §2 /breathe): breathing, a quote, then the session choice. */
export function BreathePage() {
  return <Page title={documentTitle('Breathe')} heading="Breathe" />;
}
