import { z } from 'zod/mini';
import {
  AGE_BANDS,
  INTENTION_OPTIONS,
  MOST_DISRUPTIVE_OPTIONS,
  WORST_APP_OPTIONS,
} from '../../constants/options';
import { defineEndpoint } from '../endpoint';
import { acknowledgedSchema } from './common';
import { shortTextSchema } from './fields';

/** A "how did you hear about us" option; a drilldown asks a follow-up with its own choices. */
export const hdyhOptionSchema = z.object({
  name: z.string(),
  drilldown: z.optional(z.array(z.string())),
  drilldownPrompt: z.optional(z.string()),
});
export type HdyhOption = z.infer<typeof hdyhOptionSchema>;

/** Saved onboarding answers (SPEC §3); null where not answered yet. */
export const onboardingAnswersSchema = z.object({
  hdyh: z.nullable(z.string()),
  hdyhDetail: z.nullable(z.string()),
  onboardingIntention: z.nullable(z.string()),
  onboardingOutcome: z.nullable(z.string()),
});
export type OnboardingAnswers = z.infer<typeof onboardingAnswersSchema>;

const intentionSchema = z.enum(INTENTION_OPTIONS, {
  error: `intention must be one of: ${INTENTION_OPTIONS.join(', ')}`,
});

const ONBOARDING_ANSWER_KEYS = ['hdyh', 'hdyhDetail', 'onboardingIntention', 'onboardingOutcome'] as const;

/** One or more of the answers; each sent value replaces the saved one, the others are kept. */
export const updateOnboardingAnswersBodySchema = z
  .strictObject({
    hdyh: z.optional(shortTextSchema('hdyh')),
    hdyhDetail: z.optional(shortTextSchema('hdyhDetail')),
    onboardingIntention: z.optional(intentionSchema),
    onboardingOutcome: z.optional(shortTextSchema('onboardingOutcome')),
  })
  .check(
    z.refine((body) => Object.keys(body).length > 0, {
      message: `Send at least one of ${ONBOARDING_ANSWER_KEYS.join(', ')}`,
    }),
  );

/** The web-first funnel's answers, sent at sign-up (SPEC §7: hdyh, hdyhDetail, intention, outcome, age, job). */
export const updateOnboardingParamsBodySchema = z
  .strictObject({
    hdyh: z.optional(shortTextSchema('hdyh')),
    hdyhDetail: z.optional(shortTextSchema('hdyhDetail')),
    intention: z.optional(intentionSchema),
    outcome: z.optional(shortTextSchema('outcome')),
    age: z.optional(z.enum(AGE_BANDS, { error: `age must be one of: ${AGE_BANDS.join(', ')}` })),
    /** The occupation: one of the listed options or the person's own words (SPEC §5). */
    job: z.optional(shortTextSchema('job')),
    /** Ours, beyond SPEC §7: the funnel's two other questions, kept with the rest. */
    mostDisruptive: z.optional(
      z.enum(MOST_DISRUPTIVE_OPTIONS, {
        error: `mostDisruptive must be one of: ${MOST_DISRUPTIVE_OPTIONS.join(', ')}`,
      }),
    ),
    worstApp: z.optional(
      z.enum(WORST_APP_OPTIONS, { error: `worstApp must be one of: ${WORST_APP_OPTIONS.join(', ')}` }),
    ),
  })
  .check(
    z.refine((body) => Object.keys(body).length > 0, {
      message:
        'Send at least one of hdyh, hdyhDetail, intention, outcome, age, job, mostDisruptive, worstApp',
    }),
  );
export type UpdateOnboardingParamsBody = z.output<typeof updateOnboardingParamsBodySchema>;

export const onboardingEndpoints = {
  getNewOnboardingHDYHOptions: defineEndpoint({
    method: 'GET',
    path: '/getNewOnboardingHDYHOptions',
    summary: 'The "how did you hear about us" options, with their drilldowns.',
    auth: 'public',
    response: z.object({ options: z.array(hdyhOptionSchema) }),
  }),
  getOnboardingAnswers: defineEndpoint({
    method: 'GET',
    path: '/getOnboardingAnswers',
    summary: "The user's saved onboarding answers.",
    auth: 'user',
    response: onboardingAnswersSchema,
  }),
  updateOnboardingAnswers: defineEndpoint({
    method: 'POST',
    path: '/updateOnboardingAnswers',
    summary: 'Save onboarding answers (sent at the ASK_HDYH step).',
    auth: 'user',
    body: updateOnboardingAnswersBodySchema,
    response: onboardingAnswersSchema,
  }),
  updateOnboardingParams: defineEndpoint({
    method: 'POST',
    path: '/updateOnboardingParams',
    summary: "Save the web-first funnel's answers at sign-up.",
    auth: 'user',
    body: updateOnboardingParamsBodySchema,
    response: acknowledgedSchema,
  }),
};
