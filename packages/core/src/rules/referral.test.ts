import { describe, expect, it } from 'vitest';
import { REFERRER_NAME_MAX_LENGTH, referrerDisplayName, referringUserIdFrom } from './referral';

describe('referrerDisplayName', () => {
  it('keeps a name of up to 20 characters whole', () => {
    expect(REFERRER_NAME_MAX_LENGTH).toBe(20);
    expect(referrerDisplayName('Alex')).toBe('Alex');
    expect(referrerDisplayName('Alexandra Whitworths')).toBe('Alexandra Whitworths');
  });

  it('gives the first word of a longer name', () => {
    expect(referrerDisplayName('Alexandra Whitworthsy')).toBe('Alexandra');
    expect(referrerDisplayName('María José Carreño Quiñones')).toBe('María');
  });

  it('cuts a first word longer than 20 characters with an ellipsis, to 20 in all', () => {
    const shortened = referrerDisplayName('Wolfeschlegelsteinhausenbergerdorff Sr.');
    expect(shortened).toBe('Wolfeschlegelsteinh…');
    expect(Array.from(shortened ?? '')).toHaveLength(REFERRER_NAME_MAX_LENGTH);
  });

  it('never splits an emoji or an accented letter in two', () => {
    const family = '👩‍👩‍👧‍👦';
    const shortened = referrerDisplayName(family.repeat(25)) ?? '';
    expect(shortened).toBe(`${family.repeat(19)}…`);
    expect(referrerDisplayName(`${'e\u0301'.repeat(20)}`)).toBe('e\u0301'.repeat(20));
  });

  it('drops control and direction-override characters and runs of spaces', () => {
    expect(referrerDisplayName('  Alex \n\t Kim  ')).toBe('Alex Kim');
    expect(referrerDisplayName('Al\u0000ex\u202E')).toBe('Alex');
    expect(referrerDisplayName('\u2066Sam\u2069')).toBe('Sam');
  });

  it('is null when nothing readable is left', () => {
    expect(referrerDisplayName(null)).toBeNull();
    expect(referrerDisplayName(undefined)).toBeNull();
    expect(referrerDisplayName('')).toBeNull();
    expect(referrerDisplayName('  \u202E \u0007 ')).toBeNull();
  });

  it('shortens markup like any text: escaping it is the page’s job', () => {
    expect(referrerDisplayName('<script>alert(1)</script>')).toBe('<script>alert(1)</s…');
    expect(referrerDisplayName('<b>Alex</b>')).toBe('<b>Alex</b>');
  });
});

describe('referringUserIdFrom', () => {
  it('takes an id as viewAppReferral accepts it, trimmed', () => {
    expect(referringUserIdFrom('user-1')).toBe('user-1');
    expect(referringUserIdFrom('  user-1 ')).toBe('user-1');
    expect(referringUserIdFrom('x'.repeat(128))).toBe('x'.repeat(128));
  });

  it('is null when the id is missing, blank or too long', () => {
    expect(referringUserIdFrom(null)).toBeNull();
    expect(referringUserIdFrom(undefined)).toBeNull();
    expect(referringUserIdFrom('   ')).toBeNull();
    expect(referringUserIdFrom('x'.repeat(129))).toBeNull();
  });
});
