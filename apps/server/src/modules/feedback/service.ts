import type { Acknowledged, UninstallReason } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import {
  type ForwardedRows,
  type ForwardingKind,
  forwardAfterAnswer,
  retryDue,
} from '../../forwarding/retry';
import type { TeamChat } from '../../integrations/team-chat';
import { storedTrialEmail } from '../profile/service';
import { feedbackChatText, PURCHASE_RESTORE_LOCATION_PREFIX, UNINSTALL_LOCATION_PREFIX } from './message';
import {
  claimDueFeedback,
  type FeedbackRow,
  feedbackForwardingBacklog,
  insertFeedback,
  recordFeedbackForward,
} from './repo';

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

/** Feedback from the web app (feedback modal, uninstall page): stored, then sent to the team chat. */
export async function sendFeedback(
  deps: FeedbackDependencies,
  input: FeedbackInput,
  user: SessionUser | null,
): Promise<Acknowledged> {
  return storeAndForward(deps, input, user);
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
  );
}

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
  );
}

/**
 * Stores the message first, so nothing is lost, then posts it to the team chat after answering:
 * a failing or slow webhook never fails the call; the failure is recorded on the row and the
 * forwarding job tries again (docs/forwarding.md). A signed-in sender is named by uid, e-mail and
 * phone; the trial e-mail comes from the page or, failing that, from the one recorded at sign-in.
 */
async function storeAndForward(
  deps: FeedbackDependencies,
  input: FeedbackInput,
  user: SessionUser | null,
): Promise<Acknowledged> {
  const { db, background } = deps;
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
  forwardAfterAnswer(background, `forwarding feedback ${row.id} to the team chat`, feedbackRows(deps), row);
  return { ok: true };
}

/** Feedback as the forwarding steps see it: the repo's SQL and the team chat. */
function feedbackRows({
  db,
  teamChat,
}: Pick<FeedbackDependencies, 'db' | 'teamChat'>): ForwardedRows<FeedbackRow> {
  return {
    claimDue: (claim) => claimDueFeedback(db, claim),
    send: (row) => teamChat.post(feedbackChatText(row)),
    record: (row, result) => recordFeedbackForward(db, row.id, result),
  };
}

/** The forwarding job's view of feedback: retry the messages the team chat has not taken yet. */
export function feedbackForwarding(deps: Pick<FeedbackDependencies, 'db' | 'teamChat'>): ForwardingKind {
  const rows = feedbackRows(deps);
  return {
    retryDue: (run) => retryDue(rows, run),
    backlog: () => feedbackForwardingBacklog(deps.db),
  };
}
