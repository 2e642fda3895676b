import { describe, expect, it } from 'vitest';
import { REVIEW_MAX_RATING, REVIEWS } from './reviews';

describe('REVIEWS', () => {
  it('rates each review in whole stars from 1 to the maximum', () => {
    for (const review of REVIEWS) {
      expect(Number.isInteger(review.rating)).toBe(true);
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(REVIEW_MAX_RATING);
    }
  });

  it('names each reviewer by a first name and an initial, once', () => {
    for (const { name } of REVIEWS) expect(name).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
    expect(new Set(REVIEWS.map((review) => review.name)).size).toBe(REVIEWS.length);
  });

  it('keeps each review short enough for a card', () => {
    for (const { text } of REVIEWS) expect(text.length).toBeLessThanOrEqual(140);
  });
});
