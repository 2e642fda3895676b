import { GIFT_QUANTITY_MAX, GIFT_QUANTITY_MIN } from '../constants/limits';

/** The gift stepper's value, kept within 0..20; fractions drop and nonsense becomes 0. */
export function clampGiftQuantity(quantity: number): number {
  if (Number.isNaN(quantity)) return GIFT_QUANTITY_MIN;
  return Math.min(GIFT_QUANTITY_MAX, Math.max(GIFT_QUANTITY_MIN, Math.trunc(quantity)));
}

export const incrementGiftQuantity = (quantity: number): number => clampGiftQuantity(quantity + 1);
export const decrementGiftQuantity = (quantity: number): number => clampGiftQuantity(quantity - 1);

/** Buy gift needs at least one gift; the stepper may rest at 0. */
export const canBuyGifts = (quantity: number): boolean =>
  Number.isInteger(quantity) && quantity >= 1 && quantity <= GIFT_QUANTITY_MAX;
