import { describe, expect, it } from 'vitest';
import { returnPathSchema } from './common';
import { revenueCatEventSchema } from './subscription';

describe('returnPathSchema: a path on this site, never a way off it', () => {
  const path = returnPathSchema('successPath');

  it.each(['/', '/subscription?stripe_success=true', '/gift?quantity=2#top', '/a/b-c_d.e~f'])(
    'accepts %s',
    (value) => {
      expect(path.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    ['an absolute URL', 'https://evil.example/subscription'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['a relative path', 'subscription'],
    ['a space', '/sub scription'],
    ['a NUL byte', '/a\u0000b'],
    ['another control character', '/a\u0007b'],
    ['DEL', '/a\u007fb'],
    ['a newline', '/a\nLocation: https://evil.example'],
  ])('refuses %s', (_what, value) => {
    const result = path.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('successPath must be a path on this site, like /gift');
  });
});

describe('revenueCatEventSchema: timestamps a date can hold', () => {
  const event = (event_timestamp_ms: number) =>
    revenueCatEventSchema.safeParse({ id: 'e1', type: 'RENEWAL', event_timestamp_ms });

  it('accepts milliseconds since 1970 up to the last representable date', () => {
    expect(event(1_658_726_378_679).success).toBe(true);
    expect(event(8.64e15).success).toBe(true);
  });

  it('refuses a time past the last date a Date can hold, and a negative one', () => {
    expect(new Date(8.7e15).getTime()).toBeNaN();
    expect(event(8.7e15).error?.issues[0]?.message).toBe(
      'event_timestamp_ms is past the last date there can be',
    );
    expect(event(-1).success).toBe(false);
  });
});
