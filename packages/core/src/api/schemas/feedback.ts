import { z } from 'zod';
import { emailSchema } from '../../validation/email';
import { feedbackContentSchema, shortTextSchema } from '../../validation/text';
import { defineEndpoint } from '../endpoint';
import { acknowledgedSchema } from './common';

/**
 * Feedback, browser-support requests, uninstall reasons and restore-purchase requests. The
 * server adds the signed-in user's e-mail, phone and uid; trialEmail comes from the page when
 * there is one (restore purchase).
 */
export const sendFeedbackBodySchema = z.strictObject({
  content: feedbackContentSchema,
  location: shortTextSchema('location'),
  trialEmail: emailSchema.optional(),
});
export type SendFeedbackBody = z.input<typeof sendFeedbackBodySchema>;

/** Restore purchase (SPEC §2 /checkout): what happened and the address the purchase was made with, so the team can find it. */
export const requestPurchaseRestoreBodySchema = z.strictObject({
  content: feedbackContentSchema,
  location: shortTextSchema('location'),
  trialEmail: emailSchema,
});
export type RequestPurchaseRestoreBody = z.input<typeof requestPurchaseRestoreBodySchema>;

export const feedbackEndpoints = {
  requestPurchaseRestore: defineEndpoint({
    method: 'POST',
    path: '/requestPurchaseRestore',
    summary:
      'Ask the team to restore a purchase that is not showing: stored like feedback and forwarded to the team chat. SPEC §7 names the fields (content, location, trialEmail) but no path.',
    auth: 'public',
    body: requestPurchaseRestoreBodySchema,
    response: acknowledgedSchema,
  }),
  sendFeedback: defineEndpoint({
    method: 'POST',
    path: '/sendFeedback',
    summary:
      "Send feedback to the team. Stillpoint's own addition: SPEC §7 names no path for feedback (the original posted to a chat webhook from the browser).",
    auth: 'public',
    body: sendFeedbackBodySchema,
    response: acknowledgedSchema,
  }),
};
