import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { acknowledgedSchema, entityIdSchema, uuidSchema } from './common';

/** How a person's referral link has done: visits to it and download clicks from them. */
export const appReferralStatsSchema = z.object({
  views: z.int(),
  downloadClicks: z.int(),
});

export const referralEndpoints = {
  viewAppReferral: defineEndpoint({
    method: 'POST',
    path: '/viewAppReferral',
    summary: "Record a visit to someone's referral link; the returned id ties a later download click to it.",
    auth: 'public',
    body: z.strictObject({ referringUserId: entityIdSchema('referringUserId') }),
    response: z.object({ id: z.string() }),
  }),
  clickedDownloadFromAppReferral: defineEndpoint({
    method: 'POST',
    path: '/clickedDownloadFromAppReferral',
    summary: 'Record that a referral visit went on to the app store.',
    auth: 'public',
    body: z.strictObject({ referralViewId: uuidSchema('referralViewId') }),
    response: acknowledgedSchema,
  }),
  getAppReferralStats: defineEndpoint({
    method: 'GET',
    path: '/getAppReferralStats',
    summary:
      "The signed-in person's own referral link: how many visits it had and how many went on to the store. Stillpoint's addition (SPEC names no such call).",
    auth: 'user',
    response: appReferralStatsSchema,
  }),
};
