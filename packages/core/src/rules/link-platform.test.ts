import { describe, expect, it } from 'vitest';
import { linkPlatform } from './link-platform';

// Real User-Agent strings, as the browsers and in-app browsers send them.
const agents = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  iPhoneInstagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 322.0.2.15.109',
  iPadMobileMode:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.80 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:124.0) Gecko/124.0 Firefox/124.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0',
  curl: 'curl/8.5.0',
};

describe('the platform a short link sends a visitor to', () => {
  it.each([
    ['iPhoneSafari', 'ios'],
    ['iPhoneChrome', 'ios'],
    ['iPhoneInstagram', 'ios'],
    ['iPadMobileMode', 'ios'],
    ['iPod', 'ios'],
    ['androidChrome', 'android'],
    ['androidTablet', 'android'],
    ['androidFirefox', 'android'],
    // iPadOS in desktop mode sends this very string: it is a Mac as far as anyone can tell.
    ['macSafari', 'desktop'],
    ['windowsChrome', 'desktop'],
    ['linuxFirefox', 'desktop'],
    ['curl', 'desktop'],
  ] as const)('%s → %s', (agent, platform) => {
    expect(linkPlatform(agents[agent])).toBe(platform);
  });

  it('treats a missing or empty User-Agent as desktop', () => {
    expect(linkPlatform(undefined)).toBe('desktop');
    expect(linkPlatform('')).toBe('desktop');
  });

  it('matches whole words only', () => {
    expect(linkPlatform('NotAndroidish/1.0')).toBe('desktop');
    expect(linkPlatform('MyiPhoneApp/2.0')).toBe('desktop');
  });
});
