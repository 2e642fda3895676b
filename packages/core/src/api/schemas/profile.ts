import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { userDayQuerySchema } from './common';

export const profileSchema = z.object({
  displayName: z.string().nullable(),
  /** streakStarted is epoch seconds; null before the phone app has started a streak. */
  streakData: z.object({ streakStarted: z.number().int().nullable() }),
  /** Minutes of phone use today. */
  mobileScreenTimeToday: z.number().min(0),
});
export type Profile = z.infer<typeof profileSchema>;

/** userDay is optional here: without it the server uses its own (UTC) day for "today". */
export const profileQuerySchema = z.object({ userDay: userDayQuerySchema.optional() });

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
