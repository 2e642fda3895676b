import type { OnboardingAnswers } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { findAnswers, upsertAnswers } from './repo';

const NO_ANSWERS: OnboardingAnswers = {
  hdyh: null,
  hdyhDetail: null,
  onboardingIntention: null,
  onboardingOutcome: null,
};

/** Every answer null until saved: onboarding then starts from the first question. */
export async function getAnswers(db: Database, userId: string): Promise<OnboardingAnswers> {
  return (await findAnswers(db, userId)) ?? NO_ANSWERS;
}

export const saveAnswers = (db: Database, userId: string, changes: Partial<OnboardingAnswers>) =>
  upsertAnswers(db, userId, changes);
