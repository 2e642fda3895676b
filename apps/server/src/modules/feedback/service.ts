import type { Acknowledged } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import type { TeamChat } from '../../integrations/team-chat';
import { storedTrialEmail } from '../profile/service';
import { chatHeadings, feedbackChatText } from './message';
import { insertFeedback, markForwarded } from './repo';

export interface FeedbackDependencies {
  db: Database;
  teamChat: TeamChat;
  background: BackgroundTasks;
}

export interface FeedbackInput {
  content: string;
  location: string;
  trialEmail?: string | undefined;
}

/** What a restore request's stored location starts with, so the team can find them all. */
export const PURCHASE_RESTORE_LOCATION_PREFIX = 'restore purchase - ';

/** Feedback from the web app (feedback modal, uninstall page): stored, then sent to the team chat. */
export async function sendFeedback(
  deps: FeedbackDependencies,
  input: FeedbackInput,
  user: SessionUser | null,
): Promise<Acknowledged> {
  return storeAndForward(deps, input, user, chatHeadings.feedback);
}

/**
 * Restore purchase (SPEC §2 /checkout): someone paid but premium is not showing. It is feedback
 * with a required trial e-mail (the address the purchase was made with, so the team can find it),
 * stored and forwarded the same way, under its own heading and a location the team can filter on.
 */
export async function requestPurchaseRestore(
  deps: FeedbackDependencies,
  input: { content: string; location: string; trialEmail: string },
  user: SessionUser | null,
): Promise<Acknowledged> {
  return storeAndForward(
    deps,
    { ...input, location: `${PURCHASE_RESTORE_LOCATION_PREFIX}${input.location}` },
    user,
    chatHeadings.purchaseRestore,
  );
}

/**
 * Stores the message first, so nothing is lost, then posts it to the team chat after answering:
 * a failing or slow webhook never fails the call (the row keeps forwarded_at null for a retry).
 * A signed-in sender is named by uid, e-mail and phone; the trial e-mail comes from the page or,
 * failing that, from the one recorded at sign-in.
 */
async function storeAndForward(
  { db, teamChat, background }: FeedbackDependencies,
  input: FeedbackInput,
  user: SessionUser | null,
  heading: string,
): Promise<Acknowledged> {
  const recordedTrialEmail = user && !input.trialEmail ? await storedTrialEmail(db, user.id) : null;
  const row = await insertFeedback(db, {
    userId: user?.id ?? null,
    content: input.content,
    location: input.location,
    email: user?.email ?? null,
    phoneNumber: user?.phoneNumber ?? null,
    trialEmail: input.trialEmail ?? recordedTrialEmail ?? null,
  });
  background.run(`forwarding feedback ${row.id} to the team chat`, async () => {
    const { delivered } = await teamChat.post(feedbackChatText(row, heading));
    if (delivered) await markForwarded(db, row.id);
  });
  return { ok: true };
}
