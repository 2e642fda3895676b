import { describe, expect, it } from 'vitest';
import { describeIssues } from '../api/errors';
import { findUnstorableText, isStorableText, unstorableCharacterIn } from './storable-text';

const HIGH = '\uD83D';
const LOW = '\uDE00';

describe('storable text', () => {
  it('keeps ordinary text in any script, emoji and line breaks included', () => {
    for (const text of ['', 'hello', 'Grüße, 日本語', `smile ${HIGH}${LOW}`, 'a\nb\tc\r\n', '\u00a0\u200b']) {
      expect(isStorableText(text), text).toBe(true);
    }
  });

  it('refuses NUL wherever it is', () => {
    for (const text of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b']) {
      expect(unstorableCharacterIn(text)).toBe('nul');
    }
  });

  it('refuses a UTF-16 half without its partner, at either end or in the middle', () => {
    for (const text of [
      HIGH,
      LOW,
      `a${HIGH}`,
      `${LOW}b`,
      `a${HIGH}b`,
      `${LOW}${HIGH}`,
      `${HIGH}${HIGH}${LOW}`,
    ]) {
      expect(unstorableCharacterIn(text), JSON.stringify(text)).toBe('unpaired-surrogate');
    }
  });
});

describe('findUnstorableText', () => {
  it('answers null for storable JSON of any shape', () => {
    expect(findUnstorableText({ a: 'x', b: [1, 'y', { c: null, d: true }], e: {} })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
    expect(findUnstorableText(42)).toBeNull();
  });

  it('names the field that holds the bad text, however deep, in a message people can read', () => {
    const issue = findUnstorableText({ name: 'ok', properties: { plan: 'a\u0000b' } });
    expect(issue?.path).toEqual(['properties', 'plan']);
    expect(describeIssues([issue as NonNullable<typeof issue>])).toBe(
      'properties.plan cannot contain the NUL character (U+0000)',
    );
  });

  it('names strings inside lists by their index', () => {
    const issue = findUnstorableText({ customSites: [{ siteOrigin: 'a.com' }, { siteOrigin: `b${HIGH}` }] });
    expect(issue?.path).toEqual(['customSites', 1, 'siteOrigin']);
    expect(issue?.message).toBe(
      'customSites.1.siteOrigin cannot contain a broken character (an unpaired UTF-16 surrogate)',
    );
  });

  it('reports the first bad field in document order', () => {
    expect(findUnstorableText({ a: ['fine', 'x\u0000'], b: '\u0000' })?.path).toEqual(['a', 1]);
  });

  it('checks property names, naming the object that holds them', () => {
    const issue = findUnstorableText({ properties: { 'pl\u0000an': 'pro' } });
    expect(issue?.path).toEqual(['properties']);
    expect(describeIssues([issue as NonNullable<typeof issue>])).toBe(
      'properties: property names cannot contain the NUL character (U+0000)',
    );
  });

  it('walks very deep input without exhausting the stack', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(findUnstorableText(deep)?.path).toHaveLength(100_000);
  });
});
