import { privacyPolicy } from '@stillpoint/core';
import { LegalPage } from './legal-page';

/** /privacy: the privacy policy, drawn at build time from core's text (docs/privacy.md). */
export function PrivacyPage() {
  return <LegalPage document={privacyPolicy} />;
}
