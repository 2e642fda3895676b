import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay } from './phone-display';

describe('formatPhoneForDisplay', () => {
  it('writes a North American number as people do', () => {
    expect(formatPhoneForDisplay('+12025550305')).toBe('+1 202-555-0305');
  });

  it('writes other numbers as the country code and short groups', () => {
    expect(formatPhoneForDisplay('+447700900123')).toBe('+44 770 090 0123');
    expect(formatPhoneForDisplay('+33612345678')).toBe('+33 612 345 678');
    expect(formatPhoneForDisplay('+380501234567')).toBe('+380 501 234 567');
    expect(formatPhoneForDisplay('+79161234567')).toBe('+7 916 123 4567');
  });

  it('shows anything that is not an E.164 number as it is', () => {
    expect(formatPhoneForDisplay('202-555-0305')).toBe('202-555-0305');
    expect(formatPhoneForDisplay('')).toBe('');
  });
});
