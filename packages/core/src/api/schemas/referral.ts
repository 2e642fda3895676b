import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { acknowledgedSchema, entityIdSchema, uuidSchema } from './common';

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
};
