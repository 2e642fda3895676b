import { adminReasonSchema } from '@stillpoint/core/api/schemas/admin';

/** The longest reason the server keeps (core's adminReasonSchema). */
export const REASON_MAX_LENGTH = 500;

/**
 * What is wrong with a reason, in core's words (the rule the server applies), or null. Checked
 * here too so that a short reason is caught before anything is sent.
 */
export function reasonProblem(reason: string): string | null {
  const checked = adminReasonSchema.safeParse(reason);
  if (checked.success) return null;
  const message = checked.error.issues[0]?.message ?? 'Say why, in a few words.';
  return message.charAt(0).toUpperCase() + message.slice(1);
}
