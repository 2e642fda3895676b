import { TERMS_VERSION, termsOfService } from '@stillpoint/core';
import { LegalPage } from './legal-page';

/** /terms: the terms of service and their version, drawn at build time from core's text (docs/privacy.md). */
export function TermsPage() {
  return <LegalPage document={termsOfService} version={TERMS_VERSION} />;
}
