import { brand } from '../../lib/brand';
import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Gift purchase (SPEC §2 /gift); no sign-in needed. */
export function GiftPage() {
  return <Page title={documentTitle('Gift')} heading={`Give the Gift of ${brand.name}`} />;
}
