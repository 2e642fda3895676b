import { subscriptionPriceKind, trialReminderDueAt } from '@stillpoint/core';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { TrialReminderChannel } from '../../db/schema';
import { describeForwardError, forwardFailed } from '../../forwarding/backoff';
import type { EmailSender } from '../../integrations/email';
import type { PaymentProvider } from '../../integrations/payments/provider';
import type { SmsSender } from '../../integrations/sms';
import { maskEmailAddress, maskPhoneNumbersIn } from '../../observability/log-masking';
import { getPrice } from '../payments/service';
import { SUBSCRIPTION_PAGE_PATH } from '../subscription/management-url';
import type { ContactOf } from './contact';
import { type ReminderFacts, reminderEmail, reminderSms } from './message';
import {
  claimDueReminders,
  markFailed,
  markSent,
  markSkipped,
  recordDueTrials,
  reschedule,
  settleEndedTrials,
  type TrialReminderRow,
} from './repo';
import { findDueTrials, type TrialNow, trialNow } from './trials';

export interface ReminderLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface TrialReminderDependencies {
  db: Database;
  config: Config;
  /** Prices a paid plan's first charge, as the checkout did. */
  provider: PaymentProvider;
  email: EmailSender;
  sms: SmsSender;
  contactOf: ContactOf;
  log: ReminderLog;
}

/** How one run of the job goes. */
export interface ReminderRun {
  clock: () => Date;
  batchSize: number;
  /** How long a claim holds its reminders: longer than sending a whole batch can take. */
  leaseMs: number;
  /** True once the server is closing; the run stops before the next reminder. */
  stopping: () => boolean;
}

export interface ReminderReport {
  attempted: number;
  sent: number;
  /** Not reminded: canceled, converted, ended, or nobody to reach. */
  skipped: number;
  failed: number;
  givenUp: number;
  /** The last failure of the run, or null. */
  lastError: string | null;
}

// An SMTP server's refusal may quote the recipient, Twilio's the number: masked before they are
// stored or logged, as everything the server logs is (observability/log-masking.ts).
const EMAIL_IN_TEXT = /[^\s<>()"',;:]+@[^\s<>()"',;:]+/g;
const withoutContacts = (text: string): string =>
  maskPhoneNumbersIn(text.replace(EMAIL_IN_TEXT, maskEmailAddress));

type Outcome = { kind: 'sent' | 'skipped' | 'later' } | { kind: 'failed'; error: string; givenUp: boolean };

async function factsOf(
  { db, config, provider, log }: TrialReminderDependencies,
  trial: Extract<TrialNow, { state: 'remind' }>,
): Promise<ReminderFacts> {
  const subscriptionUrl = `${config.publicUrl}${SUBSCRIPTION_PAGE_PATH}`;
  if (!trial.plan) return { trialEndsAt: trial.trialEndsAt, subscriptionUrl, firstCharge: null };
  // The provider's own price for the plan, the amount it will charge (and the checkout showed).
  const price = await getPrice({ db, config, provider }, trial.plan.priceId, log);
  return {
    trialEndsAt: trial.trialEndsAt,
    subscriptionUrl,
    firstCharge: {
      amountCents: price.unit_amount,
      currency: price.currency,
      plan: subscriptionPriceKind(trial.plan.priceId, config.prices),
      paymentMethod: trial.plan.paymentMethod,
    },
  };
}

/** Sends one claimed reminder, or settles it, and records what became of it. */
async function remind(deps: TrialReminderDependencies, row: TrialReminderRow, now: Date): Promise<Outcome> {
  const { db, log } = deps;
  const trial = await trialNow(db, row, now);
  if (trial.state === 'skip') {
    await markSkipped(db, row.trialKey, trial.reason, now);
    log.info({ trialKey: row.trialKey, reason: trial.reason }, 'trial reminder: not sent');
    return { kind: 'skipped' };
  }
  if (trial.state === 'later') {
    await reschedule(db, row.trialKey, {
      trialEndsAt: trial.trialEndsAt,
      dueAt: trialReminderDueAt(trial.trialEndsAt),
    });
    return { kind: 'later' };
  }
  let channel: TrialReminderChannel;
  try {
    const contact = await deps.contactOf(row.userId);
    if (!contact?.email && !contact?.phoneNumber) {
      await markSkipped(db, row.trialKey, 'no_contact', now);
      log.warn({ trialKey: row.trialKey }, 'trial reminder: the account has no e-mail and no phone number');
      return { kind: 'skipped' };
    }
    const facts = await factsOf(deps, trial);
    if (contact.email) {
      channel = 'email';
      await deps.email.send(reminderEmail(contact.email, facts));
    } else {
      channel = 'sms';
      await deps.sms.send(reminderSms(contact.phoneNumber as string, facts));
    }
  } catch (error) {
    // The backoff of failed forwards (forwarding/backoff.ts): 30 s, then four times longer each time.
    const failed = forwardFailed(row.attempts, error, now);
    if (failed.ok) throw new Error('forwardFailed reported a success');
    const lastError = withoutContacts(failed.error);
    await markFailed(db, row.trialKey, {
      attempts: failed.attempts,
      nextAttemptAt: failed.nextForwardAt,
      givenUpAt: failed.givenUpAt,
      lastError,
    });
    const givenUp = failed.givenUpAt !== null;
    log.warn(
      { trialKey: row.trialKey, attempts: failed.attempts, error: lastError },
      givenUp ? 'trial reminder: given up' : 'trial reminder: sending failed; tried again later',
    );
    return { kind: 'failed', error: lastError, givenUp };
  }
  // Recorded outside the try: the message went out, so a failure to record it is no failed send.
  await markSent(db, row.trialKey, {
    attempts: row.attempts + 1,
    sentAt: now,
    channel,
    trialEndsAt: trial.trialEndsAt,
  });
  log.info({ trialKey: row.trialKey, channel }, 'trial reminder sent');
  return { kind: 'sent' };
}

/**
 * One run: records the reminders that have come due, settles those whose trial ended unreminded,
 * then claims due reminders a batch at a time and sends each once, until none are due. Any number
 * of server instances may run it at once (docs/payments.md, "Trial reminders").
 */
export async function remindDueTrials(
  deps: TrialReminderDependencies,
  run: ReminderRun,
): Promise<ReminderReport> {
  const report: ReminderReport = {
    attempted: 0,
    sent: 0,
    skipped: 0,
    failed: 0,
    givenUp: 0,
    lastError: null,
  };
  const started = run.clock();
  await recordDueTrials(deps.db, await findDueTrials(deps.db, started));
  await settleEndedTrials(deps.db, started);
  while (!run.stopping()) {
    const now = run.clock();
    const claimed = await claimDueReminders(deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + run.leaseMs),
      limit: run.batchSize,
    });
    for (const row of claimed) {
      if (run.stopping()) break;
      let outcome: Outcome;
      try {
        outcome = await remind(deps, row, run.clock());
      } catch (error) {
        // Reading the trial or recording failed: the lease ends and a later run tries again.
        report.lastError = describeForwardError(error);
        deps.log.warn({ err: error, trialKey: row.trialKey }, 'trial reminder: the attempt failed');
        continue;
      }
      if (outcome.kind === 'later') continue;
      report.attempted += 1;
      if (outcome.kind === 'sent') report.sent += 1;
      else if (outcome.kind === 'skipped') report.skipped += 1;
      else if (outcome.kind === 'failed') {
        report.failed += 1;
        report.lastError = outcome.error;
        if (outcome.givenUp) report.givenUp += 1;
      }
    }
    if (claimed.length < run.batchSize) break;
  }
  return report;
}
