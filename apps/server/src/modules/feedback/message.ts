import type { FeedbackRow } from './repo';

// Chat webhooks read <...> as links and mentions (<!channel>); a message must not ping anyone.
const escapeChatText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const orNone = (value: string | null) => (value ? escapeChatText(value) : 'none');

/** The first line of a chat message: what kind of message it is, so restore requests stand out. */
export const chatHeadings = {
  feedback: 'New feedback',
  purchaseRestore: 'Purchase restore request',
  uninstall: 'Extension uninstalled',
} as const;

/** The team-chat message for one piece of feedback: who sent it, from where, and what they said. */
export function feedbackChatText(
  row: Pick<FeedbackRow, 'userId' | 'content' | 'location' | 'email' | 'phoneNumber' | 'trialEmail'> &
    Partial<Pick<FeedbackRow, 'extensionVersion' | 'installRef'>>,
  heading: string = chatHeadings.feedback,
): string {
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
