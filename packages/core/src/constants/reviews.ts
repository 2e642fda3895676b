/** One testimonial on the checkout page (SPEC §2 /checkout reviews). */
export interface Review {
  /** A first name and an initial, never a full name. */
  name: string;
  text: string;
  /** Stars out of REVIEW_MAX_RATING. */
  rating: number;
}

export const REVIEW_MAX_RATING = 5;

/** The checkout page's reviews, in the order shown. */
export const REVIEWS: readonly Review[] = [
  {
    name: 'Maren T.',
    text: 'The breath before a site opens is enough. Half the time I close the tab and get back to work.',
    rating: 5,
  },
  {
    name: 'Jonah P.',
    text: 'Three sessions a day for news keeps me informed without losing whole evenings to it.',
    rating: 5,
  },
  {
    name: 'Aiko L.',
    text: 'With the feeds gone I still watch the videos I search for, just not the ten after them.',
    rating: 4,
  },
];
