import { describe, expect, it } from 'vitest';
import { normaliseSiteOrigin } from '../validation/site';
import { hostOf, siteDisplayName, siteHost } from './display-name';

describe('siteDisplayName', () => {
  it('shows an international name in Unicode', () => {
    expect(siteDisplayName('xn--r8jz45g.xn--zckzah')).toBe('例え.テスト');
    expect(siteDisplayName('xn--bcher-kva.de')).toBe('bücher.de');
    expect(siteDisplayName('https://www.xn--mnchen-3ya.de:8080')).toBe('https://www.münchen.de:8080');
  });

  it('leaves ASCII names, and labels that are not valid Punycode, as they are', () => {
    expect(siteDisplayName('www.youtube.com')).toBe('www.youtube.com');
    expect(siteDisplayName('xn--.com')).toBe('xn--.com');
    expect(siteDisplayName('abc-xn--bcher-kva.de')).toBe('abc-xn--bcher-kva.de');
  });

  it('is the way back from what the browser stores', () => {
    for (const typed of ['bücher.de', '例え.テスト', 'www.münchen.de', 'ÿ.com']) {
      const stored = normaliseSiteOrigin(typed);
      expect(stored).toMatch(/^https:\/\/[\x21-\x7e]+$/);
      expect(siteHost(stored ?? '')).toBe(typed.toLowerCase());
    }
  });

  it('is how hostOf shows a site, while the stored origin stays ASCII', () => {
    expect(hostOf('https://xn--r8jz45g.xn--zckzah/path')).toBe('例え.テスト');
    expect(normaliseSiteOrigin('例え.テスト')).toBe('https://xn--r8jz45g.xn--zckzah');
  });
});
