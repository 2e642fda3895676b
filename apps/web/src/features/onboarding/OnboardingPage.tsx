import { brand } from '../../lib/brand';
import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Onboarding at /onboarding and /onboarding-ios (SPEC §2); the steps read the path to tell them apart. */
export function OnboardingPage() {
  return <Page title={documentTitle('Onboarding')} heading={`Welcome to ${brand.name}`} />;
}
