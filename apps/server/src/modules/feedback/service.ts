import type { Acknowledged, UninstallReason } from '@stillpoint/core';
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
  /** Uninstall feedback only: what the extension's uninstall address carried. */
  extensionVersion?: string | undefined;
  installRef?: string | undefined;
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

/** What an uninstall answer's stored location starts with; the SPEC §9 reason follows. */
export const UNINSTALL_LOCATION_PREFIX = 'chrome extension uninstall - ';

/**
 * Why someone removed the extension (SPEC §2 /uninstall-chrome-extension): feedback whose location
 * names the reason and whose message is the optional words, stored and forwarded like any other.
 * The extension version and install reference are kept as sent, to tell versions and repeat answers
 * apart; the reference is looked up nowhere, so sending one reveals and grants nothing. Who the
 * person is comes only from a valid session, as for all feedback.
 */
export async function sendUninstallFeedback(
  deps: FeedbackDependencies,
  input: {
    reason: UninstallReason;
    details?: string | undefined;
    extensionVersion?: string | undefined;
    installRef?: string | undefined;
  },
  user: SessionUser | null,
): Promise<Acknowledged> {
  return storeAndForward(
    deps,
    {
      content: input.details ?? '',
      location: `${UNINSTALL_LOCATION_PREFIX}${input.reason}`,
      extensionVersion: input.extensionVersion,
      installRef: input.installRef,
    },
    user,
    chatHeadings.uninstall,
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
    extensionVersion: input.extensionVersion ?? null,
    installRef: input.installRef ?? null,
  });
  background.run(`forwarding feedback ${row.id} to the team chat`, async () => {
    const { delivered } = await teamChat.post(feedbackChatText(row, heading));
    if (delivered) await markForwarded(db, row.id);
  });
  return { ok: true };
}
