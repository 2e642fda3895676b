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

export const feedbackEndpoints = {
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
