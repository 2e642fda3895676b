import { brand } from '../../lib/brand';
import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Mobile download page (SPEC §2 /mobileDownload): store badges or a QR code. */
export function MobileDownloadPage() {
  return <Page title={documentTitle('Download')} heading={`Download ${brand.name} on Mobile`} />;
}
