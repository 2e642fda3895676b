import { brand } from '../../lib/brand';

/** The gift page's heading, which the confirmation's way back to it repeats (docs/copy.md). */
export const GIVE_THE_GIFT = `Give the gift of ${brand.name}`;
