import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { userDayQuerySchema } from './common';

export const profileSchema = z.object({
  displayName: z.nullable(z.string()),
  /** streakStarted is epoch seconds; null before the phone app has started a streak. */
  streakData: z.object({ streakStarted: z.nullable(z.int()) }),
  /** Minutes of phone use today. */
  mobileScreenTimeToday: z.number().check(z.minimum(0)),
});
export type Profile = z.infer<typeof profileSchema>;

/** userDay is optional here: without it the server uses its own (UTC) day for "today". */
export const profileQuerySchema = z.object({ userDay: z.optional(userDayQuerySchema) });

export const profileEndpoints = {
  getProfileWeb: defineEndpoint({
    method: 'GET',
    path: '/getProfileWeb',
    summary: "The home page's profile: display name, day streak start and today's phone screen time.",
    auth: 'user',
    query: profileQuerySchema,
    response: profileSchema,
  }),
};
