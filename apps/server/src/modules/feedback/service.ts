import type { Acknowledged } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import type { TeamChat } from '../../integrations/team-chat';
import { storedTrialEmail } from '../profile/service';
import { feedbackChatText } from './message';
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

/**
 * Stores the feedback first, so nothing is lost, then posts it to the team chat after answering:
 * a failing or slow webhook never fails the call (the row keeps forwarded_at null for a retry).
 * A signed-in sender is named by uid, e-mail and phone; the trial e-mail comes from the page or,
 * failing that, from the one recorded at sign-in.
 */
export async function sendFeedback(
  { db, teamChat, background }: FeedbackDependencies,
  input: FeedbackInput,
  user: SessionUser | null,
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
    const { delivered } = await teamChat.post(feedbackChatText(row));
    if (delivered) await markForwarded(db, row.id);
  });
  return { ok: true };
}
