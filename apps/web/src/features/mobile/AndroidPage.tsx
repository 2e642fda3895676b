import { brand } from '../../lib/brand';
import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Android page (SPEC §2 lists /android; its content is not specified). */
export function AndroidPage() {
  return <Page title={documentTitle('Android')} heading={`${brand.name} for Android`} />;
}
