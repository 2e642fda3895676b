import { z } from 'zod';
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
  drilldown: z.array(z.string()).optional(),
  drilldownPrompt: z.string().optional(),
});
export type HdyhOption = z.infer<typeof hdyhOptionSchema>;

/** Saved onboarding answers (SPEC §3); null where not answered yet. */
export const onboardingAnswersSchema = z.object({
  hdyh: z.string().nullable(),
  hdyhDetail: z.string().nullable(),
  onboardingIntention: z.string().nullable(),
  onboardingOutcome: z.string().nullable(),
});
export type OnboardingAnswers = z.infer<typeof onboardingAnswersSchema>;

const intentionSchema = z.enum(INTENTION_OPTIONS, {
  error: `intention must be one of: ${INTENTION_OPTIONS.join(', ')}`,
});

const ONBOARDING_ANSWER_KEYS = ['hdyh', 'hdyhDetail', 'onboardingIntention', 'onboardingOutcome'] as const;

/** One or more of the answers; each sent value replaces the saved one, the others are kept. */
export const updateOnboardingAnswersBodySchema = z
  .strictObject({
    hdyh: shortTextSchema('hdyh').optional(),
    hdyhDetail: shortTextSchema('hdyhDetail').optional(),
    onboardingIntention: intentionSchema.optional(),
    onboardingOutcome: shortTextSchema('onboardingOutcome').optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: `Send at least one of ${ONBOARDING_ANSWER_KEYS.join(', ')}`,
  });

/** The web-first funnel's answers, sent at sign-up (SPEC §7: hdyh, hdyhDetail, intention, outcome, age, job). */
export const updateOnboardingParamsBodySchema = z
  .strictObject({
    hdyh: shortTextSchema('hdyh').optional(),
    hdyhDetail: shortTextSchema('hdyhDetail').optional(),
    intention: intentionSchema.optional(),
    outcome: shortTextSchema('outcome').optional(),
    age: z.enum(AGE_BANDS, { error: `age must be one of: ${AGE_BANDS.join(', ')}` }).optional(),
    /** The occupation: one of the listed options or the person's own words (SPEC §5). */
    job: shortTextSchema('job').optional(),
    /** Ours, beyond SPEC §7: the funnel's two other questions, kept with the rest. */
    mostDisruptive: z
      .enum(MOST_DISRUPTIVE_OPTIONS, {
        error: `mostDisruptive must be one of: ${MOST_DISRUPTIVE_OPTIONS.join(', ')}`,
      })
      .optional(),
    worstApp: z
      .enum(WORST_APP_OPTIONS, { error: `worstApp must be one of: ${WORST_APP_OPTIONS.join(', ')}` })
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one of hdyh, hdyhDetail, intention, outcome, age, job, mostDisruptive, worstApp',
  });
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
