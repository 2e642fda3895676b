import { describe, expect, it } from 'vitest';
import { confirmationCodeSchema, redemptionCodeSchema } from '../api/schemas/fields';
import {
  isConfirmationCodeComplete,
  isRedemptionCodeComplete,
  normaliseConfirmationCodeInput,
  normaliseRedemptionCode,
  readRedemptionCode,
} from './codes';

describe('confirmation code', () => {
  it('keeps at most 6 digits of the input', () => {
    expect(normaliseConfirmationCodeInput('1234567')).toBe('123456');
    expect(normaliseConfirmationCodeInput('12 34-5')).toBe('12345');
    expect(normaliseConfirmationCodeInput('abc')).toBe('');
  });

  it('can be submitted with 6 digits, not 5', () => {
    expect(isConfirmationCodeComplete('12345')).toBe(false);
    expect(isConfirmationCodeComplete('123456')).toBe(true);
    expect(isConfirmationCodeComplete('12345a')).toBe(false);
    expect(isConfirmationCodeComplete('1234567')).toBe(false);
  });

  it('is checked by the schema with a readable message', () => {
    expect(confirmationCodeSchema.parse(' 123456 ')).toBe('123456');
    expect(confirmationCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe('The code is 6 digits');
  });
});

describe('redemption code', () => {
  it('uppercases and truncates to 6', () => {
    expect(normaliseRedemptionCode('abc1234')).toBe('ABC123');
    expect(normaliseRedemptionCode('abc')).toBe('ABC');
    expect(normaliseRedemptionCode(' ab c12 ')).toBe('ABC12');
  });

  it('is complete at 6 characters, not 5', () => {
    expect(isRedemptionCodeComplete('ABC12')).toBe(false);
    expect(isRedemptionCodeComplete('ABC123')).toBe(true);
  });

  it('is accepted by the server schema in any case', () => {
    expect(redemptionCodeSchema.parse('abc123')).toBe('ABC123');
    expect(redemptionCodeSchema.safeParse('ABC1234').success).toBe(false);
    expect(redemptionCodeSchema.safeParse('ABC-12').error?.issues[0]?.message).toBe(
      'A redemption code is 6 letters or digits',
    );
  });

  it('is read the same way without the schema: trimmed, upper case, or null', () => {
    expect(readRedemptionCode(' abc123 ')).toBe('ABC123');
    expect(readRedemptionCode('ABC1234')).toBeNull();
    expect(readRedemptionCode('ABC-12')).toBeNull();
    expect(readRedemptionCode('')).toBeNull();
  });
});
