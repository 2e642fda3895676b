import { describe, expect, it } from 'vitest';
import { MAX_USER_DAY, returnPathSchema, userDayBodySchema, userDayQuerySchema } from './common';
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

describe('userDay: a day a date can have', () => {
  it('accepts day 0 up to the last day a date can hold, in a body and in a query', () => {
    for (const day of [0, 20_454, MAX_USER_DAY]) {
      expect(userDayBodySchema.safeParse(day).success).toBe(true);
      expect(userDayQuerySchema.safeParse(String(day)).success).toBe(true);
    }
    expect(new Date(MAX_USER_DAY * 86_400_000).getTime()).not.toBeNaN();
  });

  it('refuses a day past it, which no date has and no 32-bit day column holds', () => {
    for (const day of [MAX_USER_DAY + 1, 2 ** 31, 2 ** 40]) {
      expect(userDayBodySchema.safeParse(day).error?.issues[0]?.message).toBe(
        'userDay is past the last day there can be',
      );
      expect(userDayQuerySchema.safeParse(String(day)).success).toBe(false);
    }
  });
});
