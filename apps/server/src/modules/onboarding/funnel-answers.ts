import { type Intention, OUTCOME_OPTIONS, type UpdateOnboardingParamsBody } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { type FunnelAnswersChanges, findFunnelAnswers, upsertFunnelAnswers } from './funnel-repo';
import { HDYH_OPTIONS } from './hdyh-options';
import { findAnswers, upsertAnswers } from './repo';

const quoted = (options: readonly string[]) => options.map((option) => `"${option}"`).join(', ');

/** The outcome must be one offered for the intention it answers (sent with it, or saved before). */
function checkOutcome(outcome: string, intention: Intention | null): void {
  if (!intention) throw new AppError('BAD_REQUEST', 'outcome needs an intention: send intention with it.');
  const offered = OUTCOME_OPTIONS[intention];
  if (!offered.includes(outcome)) {
    throw new AppError('BAD_REQUEST', `outcome for "${intention}" must be one of: ${quoted(offered)}.`);
  }
}

/** hdyh must be one of the listed sources; its detail one of that source's follow-up choices, if it has them. */
function checkHdyh(hdyh: string | null, detail: string | undefined): void {
  if (hdyh === null) {
    if (detail !== undefined) throw new AppError('BAD_REQUEST', 'hdyhDetail needs hdyh: send hdyh with it.');
    return;
  }
  const option = HDYH_OPTIONS.find((candidate) => candidate.name === hdyh);
  if (!option) {
    throw new AppError('BAD_REQUEST', `hdyh must be one of: ${quoted(HDYH_OPTIONS.map((o) => o.name))}.`);
  }
  if (detail !== undefined && option.drilldown && !option.drilldown.includes(detail)) {
    throw new AppError(
      'BAD_REQUEST',
      `hdyhDetail for "${hdyh}" must be one of: ${quoted(option.drilldown)}.`,
    );
  }
}

/**
 * The web-first funnel's answers, sent once the person has signed up (SPEC §7
 * updateOnboardingParams). Checked against the option lists, kept with the funnel's other answers,
 * and copied to the onboarding answers so onboarding does not ask the same questions again.
 */
export async function saveFunnelAnswers(
  db: Database,
  userId: string,
  body: UpdateOnboardingParamsBody,
): Promise<void> {
  const saved = await findFunnelAnswers(db, userId);
  const intention = body.intention ?? (saved?.intention as Intention | null | undefined) ?? null;
  if (body.outcome !== undefined) checkOutcome(body.outcome, intention);
  checkHdyh(body.hdyh ?? (body.hdyhDetail !== undefined ? (saved?.hdyh ?? null) : null), body.hdyhDetail);

  const changes: FunnelAnswersChanges = {
    ...(body.intention !== undefined ? { intention: body.intention } : {}),
    ...(body.outcome !== undefined ? { outcome: body.outcome } : {}),
    ...(body.age !== undefined ? { age: body.age } : {}),
    ...(body.job !== undefined ? { occupation: body.job } : {}),
    ...(body.hdyh !== undefined ? { hdyh: body.hdyh } : {}),
    ...(body.hdyhDetail !== undefined ? { hdyhDetail: body.hdyhDetail } : {}),
    ...(body.mostDisruptive !== undefined ? { mostDisruptive: body.mostDisruptive } : {}),
    ...(body.worstApp !== undefined ? { worstApp: body.worstApp } : {}),
  };
  await upsertFunnelAnswers(db, userId, changes);

  // Answers onboarding already has are the person's later word: they are not overwritten.
  const onboarding = await findAnswers(db, userId);
  const shared = {
    ...(body.intention && !onboarding?.onboardingIntention ? { onboardingIntention: body.intention } : {}),
    ...(body.outcome && !onboarding?.onboardingOutcome ? { onboardingOutcome: body.outcome } : {}),
    ...(body.hdyh && !onboarding?.hdyh ? { hdyh: body.hdyh, hdyhDetail: body.hdyhDetail ?? null } : {}),
  };
  if (Object.keys(shared).length > 0) await upsertAnswers(db, userId, shared);
}
