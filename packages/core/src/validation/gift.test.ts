import { describe, expect, it } from 'vitest';
import { giftQuantitySchema } from '../api/schemas/fields';
import { canBuyGifts, clampGiftQuantity, decrementGiftQuantity, incrementGiftQuantity } from './gift';

describe('gift quantity', () => {
  it('clamps to 0..20', () => {
    expect(clampGiftQuantity(-1)).toBe(0);
    expect(clampGiftQuantity(0)).toBe(0);
    expect(clampGiftQuantity(20)).toBe(20);
    expect(clampGiftQuantity(21)).toBe(20);
    expect(clampGiftQuantity(2.7)).toBe(2);
    expect(clampGiftQuantity(Number.NaN)).toBe(0);
  });

  it('steps within the bounds', () => {
    expect(decrementGiftQuantity(1)).toBe(0);
    expect(decrementGiftQuantity(0)).toBe(0);
    expect(incrementGiftQuantity(19)).toBe(20);
    expect(incrementGiftQuantity(20)).toBe(20);
  });

  it('can be bought from 1 to 20', () => {
    expect(canBuyGifts(0)).toBe(false);
    expect(canBuyGifts(1)).toBe(true);
    expect(canBuyGifts(20)).toBe(true);
    expect(canBuyGifts(21)).toBe(false);
    expect(giftQuantitySchema.safeParse(0).error?.issues[0]?.message).toBe('quantity must be at least 1');
    expect(giftQuantitySchema.safeParse(21).error?.issues[0]?.message).toBe('quantity can be at most 20');
  });
});
