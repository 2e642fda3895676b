import { z } from 'zod/mini';
import { UNINSTALL_REASONS } from '../../constants/options';

import { EXTENSION_VERSION_PATTERN, INSTALL_REF_PATTERN } from '../../rules/uninstall';
import { defineEndpoint } from '../endpoint';
import { acknowledgedSchema } from './common';
import { emailSchema, feedbackContentSchema, shortTextSchema } from './fields';

/**
 * Feedback, browser-support requests, uninstall reasons and restore-purchase requests. The
 * server adds the signed-in user's e-mail, phone and uid; trialEmail comes from the page when
 * there is one (restore purchase).
 */
export const sendFeedbackBodySchema = z.strictObject({
  content: feedbackContentSchema,
  location: shortTextSchema('location'),
  trialEmail: z.optional(emailSchema),
});
export type SendFeedbackBody = z.input<typeof sendFeedbackBodySchema>;

/** Restore purchase (SPEC §2 /checkout): what happened and the address the purchase was made with, so the team can find it. */
export const requestPurchaseRestoreBodySchema = z.strictObject({
  content: feedbackContentSchema,
  location: shortTextSchema('location'),
  trialEmail: emailSchema,
});
export type RequestPurchaseRestoreBody = z.input<typeof requestPurchaseRestoreBodySchema>;

/** An install's reference, as the extension makes and keeps it. */
export const installRefSchema = z
  .string({ error: 'installRef must be text' })
  .check(z.regex(INSTALL_REF_PATTERN, 'installRef is not one the extension makes'));

/**
 * /uninstall-chrome-extension: a reason of SPEC §9, optional words, and what the extension's
 * uninstall address carried (its version; for someone signed in, an opaque reference, never a token).
 */
export const sendUninstallFeedbackBodySchema = z.strictObject({
  reason: z.enum(UNINSTALL_REASONS, { error: `reason must be one of: ${UNINSTALL_REASONS.join(', ')}` }),
  details: z.optional(feedbackContentSchema),
  extensionVersion: z.optional(
    z
      .string({ error: 'extensionVersion must be text' })
      .check(z.regex(EXTENSION_VERSION_PATTERN, 'extensionVersion must look like 1.2.3')),
  ),
  installRef: z.optional(installRefSchema),
});
export type SendUninstallFeedbackBody = z.input<typeof sendUninstallFeedbackBodySchema>;

/** Room for the longest feedback in any script (up to 3 bytes a character in UTF-8) and its fields. */
const FEEDBACK_BODY_LIMIT_BYTES = 32 * 1024;

export const feedbackEndpoints = {
  sendUninstallFeedback: defineEndpoint({
    method: 'POST',
    path: '/sendUninstallFeedback',
    summary:
      "Why someone removed the extension (SPEC §9 reasons): stored like feedback and forwarded to the team chat. Stillpoint's addition: SPEC names no path.",
    auth: 'public',
    body: sendUninstallFeedbackBodySchema,
    bodyLimitBytes: FEEDBACK_BODY_LIMIT_BYTES,
    idempotent: true,
    response: acknowledgedSchema,
  }),
  requestPurchaseRestore: defineEndpoint({
    method: 'POST',
    path: '/requestPurchaseRestore',
    summary:
      'Ask the team to restore a purchase that is not showing: stored like feedback and forwarded to the team chat. SPEC §7 names the fields (content, location, trialEmail) but no path.',
    auth: 'public',
    body: requestPurchaseRestoreBodySchema,
    bodyLimitBytes: FEEDBACK_BODY_LIMIT_BYTES,
    idempotent: true,
    response: acknowledgedSchema,
  }),
  sendFeedback: defineEndpoint({
    method: 'POST',
    path: '/sendFeedback',
    summary:
      "Send feedback to the team. Stillpoint's own addition: SPEC §7 names no path for feedback (the original posted to a chat webhook from the browser).",
    auth: 'public',
    body: sendFeedbackBodySchema,
    bodyLimitBytes: FEEDBACK_BODY_LIMIT_BYTES,
    idempotent: true,
    response: acknowledgedSchema,
  }),
};
