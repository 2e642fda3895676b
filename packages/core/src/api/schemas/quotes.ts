import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';

/** A quote about attention as the breathe page shows it (SPEC §3: id 1-36, text, author). */
export const quoteSchema = z.object({
  id: z.int(),
  quote: z.string(),
  author: z.string(),
});
export type QuoteView = z.infer<typeof quoteSchema>;

export const quotesEndpoints = {
  getQuotes: defineEndpoint({
    method: 'GET',
    path: '/getQuotes',
    summary:
      "The 36 quotes about attention the breathe page rotates through. Stillpoint's own addition: SPEC §7 names no path for quotes.",
    auth: 'public',
    response: z.array(quoteSchema),
  }),
};
