import { describe, expect, it } from 'vitest';
import { detectBrowser, isMobileDevice } from './browser';

const userAgents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  headlessChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.80',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  jsdom: 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/29.1.1',
};

describe('detectBrowser', () => {
  it.each([
    ['chromeWindows', 'Chrome'],
    ['chromeMac', 'Chrome'],
    ['chromeIos', 'Chrome'],
    ['headlessChromium', 'Chrome'],
  ] as const)('counts %s as Chrome', (agent, name) => {
    expect(detectBrowser(userAgents[agent])).toEqual({ name, isChrome: true });
  });

  it.each([
    ['edge', 'Edge'],
    ['edgeAndroid', 'Edge'],
    ['opera', 'Opera'],
    ['samsung', 'Samsung Internet'],
    ['firefox', 'Firefox'],
    ['firefoxIos', 'Firefox'],
    ['safari', 'Safari'],
    ['safariIphone', 'Safari'],
  ] as const)('names %s as %s, not Chrome, although many of them say "Chrome" too', (agent, name) => {
    expect(detectBrowser(userAgents[agent])).toEqual({ name, isChrome: false });
  });

  it("tells Brave apart by its hint, since its user agent is Chrome's", () => {
    expect(detectBrowser(userAgents.chromeWindows, { isBrave: true })).toEqual({
      name: 'Brave',
      isChrome: false,
    });
  });

  it('gives null for a browser it cannot name', () => {
    expect(detectBrowser(userAgents.jsdom)).toBeNull();
    expect(detectBrowser('')).toBeNull();
  });
});

describe('isMobileDevice', () => {
  it.each(['chromeIos', 'edgeAndroid', 'samsung', 'firefoxIos', 'safariIphone'] as const)(
    'counts %s as a phone',
    (agent) => {
      expect(isMobileDevice(userAgents[agent])).toBe(true);
    },
  );

  it.each(['chromeWindows', 'chromeMac', 'headlessChromium', 'safari'] as const)(
    'counts %s as a desktop',
    (agent) => {
      expect(isMobileDevice(userAgents[agent])).toBe(false);
    },
  );

  it('counts an iPad that says "Macintosh" as mobile by its touch points', () => {
    expect(isMobileDevice(userAgents.safari, 5)).toBe(true);
  });
});
