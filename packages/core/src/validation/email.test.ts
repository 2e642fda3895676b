import { describe, expect, it } from 'vitest';
import { emailSchema } from '../api/schemas/fields';
import { isValidEmail } from './email';

const a = (n: number) => 'a'.repeat(n);

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('sam@example.com')).toBe(true);
    expect(isValidEmail('sam.lee+focus@mail.example.co.uk')).toBe(true);
    expect(isValidEmail("o'brien@example.io")).toBe(true);
  });

  it('rejects the empty string and malformed addresses', () => {
    for (const bad of [
      '',
      'sam',
      '@example.com',
      'sam@',
      'sam@example',
      'sam@@example.com',
      'sam@exa mple.com',
      'sam @example.com',
      '.sam@example.com',
      'sam.@example.com',
      'sa..m@example.com',
      'sam@-example.com',
      'sam@example-.com',
      'sam@example..com',
      'sam@example.123',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('allows 254 characters in all and rejects 255', () => {
    // 64 + '@' + 63 + '.' + 63 + '.' + 61 = 254
    const domain254 = `${a(63)}.${a(63)}.${a(61)}`;
    const at254 = `${a(64)}@${domain254}`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`${at254.slice(0, -1)}bc`)).toBe(false);
  });

  it('allows a 64-character local part and rejects 65', () => {
    expect(isValidEmail(`${a(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${a(65)}@example.com`)).toBe(false);
  });

  it('allows a 63-character domain label and rejects 64', () => {
    expect(isValidEmail(`sam@${a(63)}.com`)).toBe(true);
    expect(isValidEmail(`sam@${a(64)}.com`)).toBe(false);
    expect(isValidEmail(`sam@example.${a(64)}`)).toBe(false);
  });
});

describe('emailSchema', () => {
  it('trims, then checks, with a readable message', () => {
    expect(emailSchema.parse('  sam@example.com ')).toBe('sam@example.com');
    const result = emailSchema.safeParse('sam@');
    expect(result.error?.issues[0]?.message).toBe('Enter a valid e-mail address');
  });
});
