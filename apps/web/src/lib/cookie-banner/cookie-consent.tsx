import { cookieBannerShown, mayTrack } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import {
  areCookieSettingsOpen,
  isConsentNeeded,
  readConsent,
  setConsentNeeded,
  setVisitorCountry,
  subscribeConsent,
} from '../consent/consent';
import { CookieBanner } from './cookie-banner';
import { visitorCountryQuery } from './visitor-country';

const choiceNow = () => readConsent();

/**
 * The cookie consent of the app (SPEC §2 cookie banner, §4 cookie consent; docs/consent.md): looks
 * up the visitor's country, tells lib/consent whether the banner applies (which settles the
 * analytics held until then), and shows the banner while it applies and nothing is chosen, or
 * while the visitor has reopened it from Cookie settings, wherever they are.
 * app/Providers mounts it after the first screen, as "once analytics is initialised".
 */
export function CookieConsent() {
  const country = useQuery(visitorCountryQuery());
  const { isSuccess, isError, data } = country;

  useEffect(() => {
    if (isSuccess) setVisitorCountry(data);
    // A lookup that failed counts as an unknown country: not the US, so the banner applies.
    else if (isError) setConsentNeeded(true);
  }, [isSuccess, isError, data]);

  // When this app goes (a test's, or a remounted tree's), the next one asks afresh.
  useEffect(() => () => setConsentNeeded(null), []);

  const needed = useSyncExternalStore(subscribeConsent, isConsentNeeded, () => null);
  const choice = useSyncExternalStore(subscribeConsent, choiceNow, () => null);
  const settingsOpen = useSyncExternalStore(subscribeConsent, areCookieSettingsOpen, () => false);
  if (settingsOpen) return <CookieBanner settings={mayTrack(needed, choice) ? 'on' : 'off'} />;
  return cookieBannerShown(needed, choice) ? <CookieBanner /> : null;
}
