import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paywallFor, paywallVariant, userIdHash } from './paywall-variant';

/** UTF-8 bytes by another road: encodeURIComponent writes every non-ASCII byte as %XX. */
function utf8Reference(text: string): number[] {
  const bytes: number[] = [];
  const encoded = encodeURIComponent(text);
  for (let i = 0; i < encoded.length; i += 1) {
    if (encoded[i] === '%') {
      bytes.push(Number.parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(encoded.charCodeAt(i));
    }
  }
  return bytes;
}

describe('userIdHash', () => {
  it('is FNV-1a over UTF-8, divided by 2^32: the same number for an id, always', () => {
    // FNV-1a 32-bit reference values: '' → 0x811c9dc5, 'a' → 0xe40c292c, 'foobar' → 0xbf9cf968.
    expect(userIdHash('')).toBe(0x811c9dc5 / 2 ** 32);
    expect(userIdHash('a')).toBe(0xe40c292c / 2 ** 32);
    expect(userIdHash('foobar')).toBe(0xbf9cf968 / 2 ** 32);
    // UTF-8 bytes, not UTF-16 units: 'é' is C3 A9 (UTF-16 would give 0x59fb6f0c).
    expect(userIdHash('é')).toBe(0x1e9de8c1 / 2 ** 32);
  });

  it('encodes every character as UTF-8 does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 24 }), (id) => {
        let hash = 0x811c9dc5;
        for (const byte of utf8Reference(id)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
        return userIdHash(id) === hash / 2 ** 32;
      }),
    );
  });

  it('stays in [0, 1) for any id', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 64 }), (id) => {
        const hash = userIdHash(id);
        return hash >= 0 && hash < 1;
      }),
    );
  });
});

describe('paywallVariant', () => {
  it('shows the timeline to someone signed out or unknown', () => {
    expect(paywallVariant(null)).toBe('timeline');
    expect(paywallVariant(undefined)).toBe('timeline');
    expect(paywallVariant('')).toBe('timeline');
  });

  it('splits on 0.5: above it the personal plan, otherwise the timeline', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (id) => {
        const expected = userIdHash(id) > 0.5 ? 'personalPlan' : 'timeline';
        return paywallVariant(id) === expected;
      }),
    );
  });

  it('splits real-looking ids roughly in half', () => {
    const ids = Array.from({ length: 2000 }, (_, index) => `user-${index}-${(index * 7919).toString(36)}`);
    const personal = ids.filter((id) => paywallVariant(id) === 'personalPlan').length;
    expect(personal / ids.length).toBeGreaterThan(0.45);
    expect(personal / ids.length).toBeLessThan(0.55);
  });
});

describe('paywallFor', () => {
  const personalId = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].find(
    (id) => paywallVariant(id) === 'personalPlan',
  );

  it('shows the personal plan only to someone on its side who gave answers to make it from', () => {
    expect(personalId).toBeDefined();
    expect(paywallFor(personalId, true)).toBe('personalPlan');
    expect(paywallFor(personalId, false)).toBe('timeline');
  });

  it('is the split itself for anyone with answers, and the timeline for anyone without', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 40 })), (id) => {
        return paywallFor(id, true) === paywallVariant(id) && paywallFor(id, false) === 'timeline';
      }),
    );
  });
});
