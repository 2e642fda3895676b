import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Challenge join page (SPEC §2 /twopercent). */
export function TwoPercentPage() {
  return <Page title={documentTitle('2% Challenge')} heading="2% Screen Time Challenge" />;
}
