import { COOKIE_CONSENT_DAYS, DAY_MS } from '@stillpoint/core';
import { afterEach, describe, expect, it } from 'vitest';
import { areAdEventsAllowed, isAnalyticsAllowed, readConsent, setConsent, setConsentNeeded } from './consent';

afterEach(() => {
  localStorage.clear();
  setConsentNeeded(true);
});

describe('consent', () => {
  it('keeps a choice for COOKIE_CONSENT_DAYS, then forgets it', () => {
    const at = Date.UTC(2026, 0, 1);
    setConsent('denied', at);
    expect(readConsent(at + COOKIE_CONSENT_DAYS * DAY_MS)).toBe('denied');
    expect(readConsent(at + COOKIE_CONSENT_DAYS * DAY_MS + 1)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('stillpoint.analyticsConsent', 'granted');
    expect(readConsent()).toBeNull();
    localStorage.setItem('stillpoint.analyticsConsent', '{"choice":"maybe","at":1}');
    expect(readConsent()).toBeNull();
  });

  it('allows first-party analytics unless the visitor said no', () => {
    expect(isAnalyticsAllowed()).toBe(true);
    setConsent('denied');
    expect(isAnalyticsAllowed()).toBe(false);
  });

  it('sends no ad event before a yes while the banner may apply', () => {
    setConsentNeeded(true);
    expect(areAdEventsAllowed()).toBe(false);
    setConsent('granted');
    expect(areAdEventsAllowed()).toBe(true);
    setConsent('denied');
    expect(areAdEventsAllowed()).toBe(false);
  });

  it('sends ad events where no banner applies, unless the visitor said no', () => {
    setConsentNeeded(false);
    expect(areAdEventsAllowed()).toBe(true);
    setConsent('denied');
    expect(areAdEventsAllowed()).toBe(false);
  });
});
