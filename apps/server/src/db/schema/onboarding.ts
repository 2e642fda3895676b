import { pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

// Answers from the in-app onboarding (updateOnboardingAnswers). The saved intention
// decides the first onboarding step, so one row per user, overwritten on each save.
export const onboardingAnswers = pgTable('onboarding_answers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  hdyh: text('hdyh'),
  hdyhDetail: text('hdyh_detail'),
  onboardingIntention: text('onboarding_intention'),
  onboardingOutcome: text('onboarding_outcome'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// Answers from the web-first funnel (/getting-started, updateOnboardingParams). Values
// are free text because option lists change without a migration.
export const webFirstAnswers = pgTable('web_first_answers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  intention: text('intention'),
  outcome: text('outcome'),
  age: text('age'),
  occupation: text('occupation'),
  mostDisruptive: text('most_disruptive'),
  worstApp: text('worst_app'),
  // Last funnel step reached.
  step: text('step'),
  hdyh: text('hdyh'),
  hdyhDetail: text('hdyh_detail'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
