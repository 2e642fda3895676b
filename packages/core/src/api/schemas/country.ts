import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';

/**
 * SPEC §7 IP country lookup, answered by the server itself: from a trusted CDN header when one is
 * configured, else from a country database shipped with the server, so no visitor address leaves
 * it. `country` is an ISO 3166-1 alpha-2 code, or null when unknown (localhost, a private network).
 */
export const visitorCountrySchema = z.object({
  country: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))),
});
export type VisitorCountry = z.infer<typeof visitorCountrySchema>;

export const countryEndpoints = {
  getVisitorCountry: defineEndpoint({
    method: 'GET',
    path: '/getVisitorCountry',
    summary: "The visitor's country from their address (SPEC §7 IP country lookup), for the cookie banner.",
    auth: 'public',
    response: visitorCountrySchema,
  }),
};
