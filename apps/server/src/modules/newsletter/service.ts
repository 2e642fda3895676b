import type {
  Acknowledged,
  NewsletterConfirmationOutcome,
  NewsletterUnsubscribeOutcome,
} from '@stillpoint/core';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import {
  type ForwardedRows,
  type ForwardingKind,
  forwardAfterAnswer,
  retryDue,
} from '../../forwarding/retry';
import type { EmailSender } from '../../integrations/email';
import { confirmationEmail } from './confirmation-email';
import {
  CONFIRMATION_COUNT_WINDOW_MS,
  CONFIRMATION_LINK_LIFETIME_MS,
  CONFIRMATION_RESEND_AFTER_MS,
  MAX_CONFIRMATIONS_PER_DAY,
} from './limits';
import {
  claimDueConfirmations,
  confirmationSendBacklog,
  findConfirmation,
  type PendingConfirmation,
  type RecentConfirmation,
  recordConfirmationSend,
  rekeyUnsentConfirmation,
  type SignupDecision,
  type SignupRow,
  signUp,
  unsubscribe,
  useConfirmation,
} from './repo';
import { hashLinkToken, newLinkToken } from './tokens';

export interface NewsletterDependencies {
  db: Database;
  email: EmailSender;
  background: BackgroundTasks;
  /** The site's origin, which the e-mails' links point to. */
  publicUrl: string;
}

/** Whether a confirmed address is on the list: confirmed and not unsubscribed since. */
const isSubscribed = (signup: SignupRow) => signup.confirmedAt !== null && signup.unsubscribedAt === null;

/**
 * The resend rule (limits.ts): a new confirmation unless the address is on the list already, the
 * last one is younger than CONFIRMATION_RESEND_AFTER_MS or still waiting to be sent, or the day's
 * MAX_CONFIRMATIONS_PER_DAY went out. `recent` is newest first.
 */
export function mayRequestConfirmation(
  signup: SignupRow,
  recent: readonly RecentConfirmation[],
  now: Date,
): boolean {
  if (isSubscribed(signup)) return false;
  const [last] = recent;
  if (last) {
    if (now.getTime() - last.createdAt.getTime() < CONFIRMATION_RESEND_AFTER_MS) return false;
    if (last.sentAt === null && last.sendGivenUpAt === null) return false;
  }
  return recent.length < MAX_CONFIRMATIONS_PER_DAY;
}

/**
 * Signs an address up (double opt-in, docs/newsletter.md), case-insensitively. The answer is the
 * same whatever happened, so it tells nobody whether an address is on the list. An address not on
 * it gets a confirmation link when the resend rule allows; one on it gets nothing. The row is
 * stored before anything is sent and the e-mail goes out after the answer: a failing mail server
 * never fails the call, and the retry job sends what failed.
 */
export async function joinNewsletter(
  deps: NewsletterDependencies,
  input: { email: string },
): Promise<Acknowledged> {
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  const confirmToken = newLinkToken();
  const { signup, confirmation } = await signUp(
    deps.db,
    {
      email,
      unsubscribeToken: newLinkToken(),
      since: new Date(now.getTime() - CONFIRMATION_COUNT_WINDOW_MS),
    },
    (signup, recent): SignupDecision => {
      // Someone who unsubscribed and signs up again starts over: unconfirmed, with a new link.
      const reopen = signup.unsubscribedAt !== null;
      const state = reopen ? { ...signup, confirmedAt: null, unsubscribedAt: null } : signup;
      return {
        reopen,
        confirmation: mayRequestConfirmation(state, recent, now)
          ? { tokenHash: hashLinkToken(confirmToken), expiresAt: linkExpiry(now) }
          : null,
      };
    },
  );
  if (confirmation) {
    const rows = confirmationRows(deps, async () => ({
      email: signup.email,
      confirmToken,
      unsubscribeToken: signup.unsubscribeToken,
    }));
    forwardAfterAnswer(deps.background, 'sending a newsletter confirmation e-mail', rows, confirmation);
  }
  return { ok: true };
}

const linkExpiry = (from: Date) => new Date(from.getTime() + CONFIRMATION_LINK_LIFETIME_MS);

/**
 * Opens a confirmation link. The key is used once: a second open, or one of two at the same moment,
 * answers `alreadyConfirmed`. An expired link confirms nothing and says so.
 */
export async function confirmNewsletter(
  { db }: Pick<NewsletterDependencies, 'db'>,
  { token }: { token: string },
): Promise<{ status: NewsletterConfirmationOutcome }> {
  const tokenHash = hashLinkToken(token);
  const found = await findConfirmation(db, tokenHash);
  const now = new Date();
  const before = outcomeOf(found, now);
  if (before !== 'confirmed' || !found) return { status: before };
  if (await useConfirmation(db, found.confirmation, now)) return { status: 'confirmed' };
  // Someone else used it, or the address unsubscribed, in between: say what it is now.
  const after = outcomeOf(await findConfirmation(db, tokenHash), now);
  return { status: after === 'confirmed' ? 'alreadyConfirmed' : after };
}

/** What opening a link would do now; `confirmed` means it may confirm. */
function outcomeOf(
  found: Awaited<ReturnType<typeof findConfirmation>>,
  now: Date,
): NewsletterConfirmationOutcome {
  if (!found) return 'invalid';
  const { confirmation, signup } = found;
  if (signup.unsubscribedAt !== null) return 'invalid';
  if (confirmation.usedAt !== null || signup.confirmedAt !== null) return 'alreadyConfirmed';
  if (confirmation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'confirmed';
}

/** Takes the address an unsubscribe link names off the list; again is fine and answers the same. */
export async function unsubscribeNewsletter(
  { db }: Pick<NewsletterDependencies, 'db'>,
  { token }: { token: string },
): Promise<{ status: NewsletterUnsubscribeOutcome }> {
  return { status: (await unsubscribe(db, token, new Date())) ? 'unsubscribed' : 'invalid' };
}

interface ConfirmationToSend {
  email: string;
  confirmToken: string;
  unsubscribeToken: string;
}

/**
 * Confirmation e-mails as the forwarding steps see them: the repo's SQL and the e-mail sender.
 * `prepare` says what one carries, or null when it no longer needs sending.
 */
function confirmationRows(
  { db, email, publicUrl }: Pick<NewsletterDependencies, 'db' | 'email' | 'publicUrl'>,
  prepare: (row: PendingConfirmation) => Promise<ConfirmationToSend | null>,
): ForwardedRows<PendingConfirmation> {
  return {
    claimDue: (claim) => claimDueConfirmations(db, claim),
    async send(row) {
      const message = await prepare(row);
      if (!message) return;
      await email.send(confirmationEmail(message.email, { publicUrl, ...message }));
    },
    record: (row, result) => recordConfirmationSend(db, row.id, result),
  };
}

/**
 * The forwarding job's view of confirmation e-mails: send again the ones whose first attempt
 * failed. Only the hash of a link's key is stored, so each retry gives its e-mail a new key (and a
 * new week); the failed e-mail's key, never delivered, stops working.
 */
export function newsletterConfirmationForwarding(
  deps: Pick<NewsletterDependencies, 'db' | 'email' | 'publicUrl'>,
): ForwardingKind {
  const rows = confirmationRows(deps, async (row) => {
    const confirmToken = newLinkToken();
    const target = await rekeyUnsentConfirmation(deps.db, row.id, {
      tokenHash: hashLinkToken(confirmToken),
      expiresAt: linkExpiry(new Date()),
    });
    return target && { ...target, confirmToken };
  });
  return {
    retryDue: (run) => retryDue(rows, run),
    backlog: () => confirmationSendBacklog(deps.db),
  };
}
