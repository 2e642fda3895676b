import type { FeedbackRow } from './repo';

// Chat webhooks read <...> as links and mentions (<!channel>); a message must not ping anyone.
const escapeChatText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const orNone = (value: string | null) => (value ? escapeChatText(value) : 'none');

/** What a restore request's stored location starts with, so the team can find them all. */
export const PURCHASE_RESTORE_LOCATION_PREFIX = 'restore purchase - ';
/** What an uninstall answer's stored location starts with; the SPEC §9 reason follows. */
export const UNINSTALL_LOCATION_PREFIX = 'chrome extension uninstall - ';

/** The first line of a chat message: what kind of message it is, so restore requests stand out. */
export const chatHeadings = {
  feedback: 'New feedback',
  purchaseRestore: 'Purchase restore request',
  uninstall: 'Extension uninstalled',
} as const;

/**
 * The heading of a stored message, read from its location: a message sent again by the retry job
 * carries the same heading as when it was first sent.
 */
export function chatHeadingOf(location: string): string {
  if (location.startsWith(PURCHASE_RESTORE_LOCATION_PREFIX)) return chatHeadings.purchaseRestore;
  if (location.startsWith(UNINSTALL_LOCATION_PREFIX)) return chatHeadings.uninstall;
  return chatHeadings.feedback;
}

/** The team-chat message for one piece of feedback: who sent it, from where, and what they said. */
export function feedbackChatText(
  row: Pick<FeedbackRow, 'userId' | 'content' | 'location' | 'email' | 'phoneNumber' | 'trialEmail'> &
    Partial<Pick<FeedbackRow, 'extensionVersion' | 'installRef'>>,
): string {
  const heading = chatHeadingOf(row.location);
  // Only uninstall feedback comes from the extension; other messages keep their usual lines.
  const fromExtension = row.extensionVersion != null || row.installRef != null;
  return [
    heading,
    `e-mail: ${orNone(row.email)}`,
    `phone: ${orNone(row.phoneNumber)}`,
    `trial e-mail: ${orNone(row.trialEmail)}`,
    `uid: ${orNone(row.userId)}`,
    `location: ${orNone(row.location)}`,
    ...(fromExtension
      ? [
          `extension version: ${orNone(row.extensionVersion ?? null)}`,
          `install ref: ${orNone(row.installRef ?? null)}`,
        ]
      : []),
    'message:',
    // An uninstall answer may be a reason alone.
    row.content === '' ? '(none)' : escapeChatText(row.content),
  ].join('\n');
}
