import { describe, expect, it } from 'vitest';
import { BREATHING_COUNTDOWN_SECONDS } from '../constants/timing';
import { breathingPhase, interceptReturnUrl } from './intercept';

describe('breathingPhase', () => {
  it('breathes in above 7, out from 7 to 4, then shows the quote', () => {
    expect(breathingPhase(BREATHING_COUNTDOWN_SECONDS)).toBe('breathe in');
    expect(breathingPhase(8)).toBe('breathe in');
    expect(breathingPhase(7)).toBe('breathe out');
    expect(breathingPhase(4)).toBe('breathe out');
    expect(breathingPhase(3)).toBe('quote');
    expect(breathingPhase(0)).toBe('quote');
  });
});

describe('interceptReturnUrl', () => {
  it('keeps absolute http and https addresses as they are', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=1#t=2',
      'http://localhost:3000/subscription',
      'HTTPS://Reddit.com/r/all',
      'https://user:secret@example.com:8443/path?q=a%20b',
      'http://[::1]:8080/',
    ]) {
      expect(interceptReturnUrl(url)).toBe(url);
    }
  });

  it('refuses everything that is not an absolute http(s) address', () => {
    for (const url of [
      null,
      undefined,
      '',
      '/subscription',
      '//evil.example/path',
      'youtube.com',
      'javascript:alert(1)',
      'JavaScript://example.com/%0Aalert(1)',
      'data:text/html,<p>hi</p>',
      'file:///etc/passwd',
      'chrome://settings',
      'ftp://example.com',
      'https://',
      'https:///path',
      'https://@/path',
      'https://:443/',
      'https:/\\evil.example',
      'https:\\\\evil.example',
    ]) {
      expect(interceptReturnUrl(url)).toBeNull();
    }
  });

  it('refuses addresses with whitespace or control characters, which browsers would rewrite', () => {
    expect(interceptReturnUrl(' https://example.com')).toBeNull();
    expect(interceptReturnUrl('https://example.com/a b')).toBeNull();
    expect(interceptReturnUrl('java\tscript:alert(1)')).toBeNull();
    expect(interceptReturnUrl('https://exa\nmple.com')).toBeNull();
    expect(interceptReturnUrl('https://example.com/\u0000')).toBeNull();
    expect(interceptReturnUrl(`https://example.com/${'a'.repeat(5000)}`)).toBeNull();
  });
});
