import { COOKIE_CONSENT_DAYS, DAY_MS } from '@stillpoint/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  areAdEventsAllowed,
  areCookieSettingsOpen,
  closeCookieSettings,
  cookieSettingsOpener,
  isAnalyticsAllowed,
  openCookieSettings,
  readConsent,
  setConsent,
  setConsentNeeded,
  setVisitorCountry,
  subscribeConsent,
  whenTrackingAllowed,
} from './consent';

afterEach(() => {
  localStorage.clear();
  setConsentNeeded(null);
});

const allowed = () => ({ analytics: isAnalyticsAllowed(), adEvents: areAdEventsAllowed() });

describe('the stored choice', () => {
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
});

describe('what may be sent', () => {
  it('tracks US visitors without a banner, unless they said no', () => {
    setVisitorCountry('US');
    expect(allowed()).toEqual({ analytics: true, adEvents: true });
    setConsent('denied');
    expect(allowed()).toEqual({ analytics: false, adEvents: false });
  });

  it('sends nothing before Accept where the banner applies, and everything after', () => {
    for (const country of ['DE', null]) {
      localStorage.clear();
      setVisitorCountry(country);
      expect(allowed(), String(country)).toEqual({ analytics: false, adEvents: false });
      setConsent('granted');
      expect(allowed(), String(country)).toEqual({ analytics: true, adEvents: true });
      setConsent('denied');
      expect(allowed(), String(country)).toEqual({ analytics: false, adEvents: false });
    }
  });

  it('counts a failed lookup as a country that needs the banner', () => {
    setConsentNeeded(true);
    expect(allowed()).toEqual({ analytics: false, adEvents: false });
  });

  it('follows a stored choice before the country is known', () => {
    expect(allowed()).toEqual({ analytics: false, adEvents: false });
    setConsent('granted');
    expect(allowed()).toEqual({ analytics: true, adEvents: true });
  });
});

describe('whenTrackingAllowed', () => {
  it('holds events while the country is unknown, then sends them in order for a US visitor', () => {
    const sent: number[] = [];
    whenTrackingAllowed(() => sent.push(1));
    whenTrackingAllowed(() => sent.push(2));
    expect(sent).toEqual([]);
    setVisitorCountry('US');
    expect(sent).toEqual([1, 2]);
    whenTrackingAllowed(() => sent.push(3));
    expect(sent).toEqual([1, 2, 3]);
  });

  it('drops the held events where the banner applies', () => {
    const send = vi.fn();
    whenTrackingAllowed(send);
    setVisitorCountry('DE');
    setConsent('granted');
    setConsentNeeded(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('drops the held events on a choice: they come from before it', () => {
    for (const choice of ['granted', 'denied'] as const) {
      const send = vi.fn();
      whenTrackingAllowed(send);
      setConsent(choice);
      localStorage.clear();
      setVisitorCountry('US');
      expect(send, choice).not.toHaveBeenCalled();
      setConsentNeeded(null);
    }
  });

  it('sends nothing, now or later, after Reject', () => {
    setVisitorCountry('US');
    setConsent('denied');
    const send = vi.fn();
    whenTrackingAllowed(send);
    setVisitorCountry('US');
    expect(send).not.toHaveBeenCalled();
  });

  it('holds at most 100 events', () => {
    const send = vi.fn();
    for (let index = 0; index < 150; index += 1) whenTrackingAllowed(send);
    setVisitorCountry('US');
    expect(send).toHaveBeenCalledTimes(100);
  });
});

describe('subscribeConsent', () => {
  it('tells listeners of a choice, of the country, and of a choice made in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    setConsent('granted');
    setVisitorCountry('DE');
    window.dispatchEvent(new StorageEvent('storage', { key: 'stillpoint.analyticsConsent' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'someone.else' }));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    setConsent('denied');
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('cookie settings', () => {
  it('opens on request, whatever is chosen, remembers what to give focus back to, and closes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    const opener = document.createElement('button');
    setConsent('granted');
    listener.mockClear();

    openCookieSettings(opener);
    expect(areCookieSettingsOpen()).toBe(true);
    expect(cookieSettingsOpener()).toBe(opener);
    expect(readConsent()).toBe('granted');
    expect(listener).toHaveBeenCalledTimes(1);

    closeCookieSettings();
    expect(areCookieSettingsOpen()).toBe(false);
    expect(cookieSettingsOpener()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    closeCookieSettings();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('withdrawing there sends nothing after, whatever the country turns out to be', () => {
    const send = vi.fn();
    setConsent('granted');
    openCookieSettings();
    whenTrackingAllowed(send);
    expect(send).toHaveBeenCalledTimes(1);

    setConsent('denied');
    closeCookieSettings();
    whenTrackingAllowed(send);
    setVisitorCountry('US');
    expect(send).toHaveBeenCalledTimes(1);
    expect(allowed()).toEqual({ analytics: false, adEvents: false });
  });
});
