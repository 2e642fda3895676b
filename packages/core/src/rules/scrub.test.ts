import { describe, expect, it } from 'vitest';
import { scrubRoute, scrubText } from './scrub';

// What a browser's error report must not bring into storage (docs/observability.md, "Errors from
// browsers"), one case each, and what must survive so the report still says where it broke.
describe('scrubbing a client error report', () => {
  it.each([
    [
      'a query string in a page address',
      'failed at https://stillpoint.app/reset?token=abc&code=123456',
      'failed at https://stillpoint.app/reset',
    ],
    [
      'a fragment in a page address',
      'at https://stillpoint.app/callback#access_token=xyz failed',
      'at https://stillpoint.app/callback failed',
    ],
    ['a query in a relative path', 'GET /api/getDeepLink?code=Zz9 failed', 'GET /api/getDeepLink failed'],
    ['a bearer token', 'Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [token]'],
    ['a token named in text', 'bad token=Qw3rTy', 'bad token=[token]'],
    [
      'a JSON Web Token',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl expired',
      'jwt [token] expired',
    ],
    [
      'a long hex secret',
      'key 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'key [secret]',
    ],
    [
      'a long base64 secret',
      'session dGhpcyBpcyBhIHNlY3JldCBzZXNzaW9uIGtleTEyMw== gone',
      'session [secret] gone',
    ],
    ['a six-digit code', 'code 123456 was refused', 'code [code] was refused'],
    ['an e-mail address', 'no account for jane.doe+test@example.co.uk here', 'no account for [email] here'],
    ['an international phone number', 'sms to +44 7700 900123 failed', 'sms to [phone] failed'],
    ['a national phone number', 'call (415) 555-0100 now', 'call [phone] now'],
    ['a phone number as digits', 'number 14155550100 unknown', 'number [phone] unknown'],
  ])('replaces %s', (_case, text, scrubbed) => {
    expect(scrubText(text)).toBe(scrubbed);
  });

  it("keeps a stack frame's file, line and column, without its query", () => {
    expect(scrubText('at render (https://stillpoint.app/assets/index-DkV2x7Yq.js?v=123456:1:234567)')).toBe(
      'at render (https://stillpoint.app/assets/index-DkV2x7Yq.js:1:234567)',
    );
    const frame = '    at onClick (https://stillpoint.app/assets/home-B1c2D3e4.js:12:1034)';
    expect(scrubText(frame)).toBe(frame);
  });

  it('leaves an ordinary message as it is', () => {
    const message = "TypeError: Cannot read properties of undefined (reading 'budget')";
    expect(scrubText(message)).toBe(message);
  });

  it('cuts the query and fragment off a route, and scrubs its path', () => {
    expect(scrubRoute('/redeem?code=ABCD-EFGH#top')).toBe('/redeem');
    expect(scrubRoute('/newsletter/confirm/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b')).toBe(
      '/newsletter/confirm/[secret]',
    );
    expect(scrubRoute('?only=query')).toBe('/');
  });

  // The text is anyone's input: a pattern that backtracks over it would let one report hold the
  // server for seconds. At 16,000 characters each of these took 200 to 800 ms with patterns that
  // could start anywhere, which grows with the square of the length: at four times that, seconds.
  // Scrubbed in linear time it takes a few milliseconds, so a one-second bound leaves a busy
  // machine a wide margin and still fails the square.
  it.each([
    ['one long word', 'a'.repeat(64_000)],
    ['slashes', '/'.repeat(64_000)],
    ['digits', '1'.repeat(64_000)],
    ['letters and digits', 'a1'.repeat(32_000)],
    ['dotted words', 'a.'.repeat(32_000)],
    ['a path without a query', '/a'.repeat(32_000)],
  ])('scrubs a long text of %s in time proportional to it', (_case, text) => {
    const started = Date.now();
    scrubText(text);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
