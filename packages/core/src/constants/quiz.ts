import {
  AGE_BANDS,
  type AgeBand,
  INTENTION_OPTIONS,
  type Intention,
  MOST_DISRUPTIVE_OPTIONS,
  type MostDisruptive,
  OCCUPATIONS,
  type Occupation,
  OUTCOME_OPTIONS,
  WORST_APP_OPTIONS,
  type WorstApp,
} from './options';

/**
 * The /quiz questions beyond the funnel's option lists (options.ts). Like those, the values are
 * what the UI shows; they are bands a person picks for themselves, never measurements.
 */
export const PHONE_PICKUP_OPTIONS = [
  'fewer than 30',
  '30 to 60',
  '60 to 100',
  'more than 100',
  "I'm not sure",
] as const;
export type PhonePickups = (typeof PHONE_PICKUP_OPTIONS)[number];

export const SCREEN_TIME_OPTIONS = [
  'under 2 hours',
  '2 to 4 hours',
  '4 to 6 hours',
  'more than 6 hours',
  "I'm not sure",
] as const;
export type ScreenTime = (typeof SCREEN_TIME_OPTIONS)[number];

/** The quiz's questions, in the order it asks them. */
export const QUIZ_QUESTION_IDS = [
  'intention',
  'outcome',
  'age',
  'occupation',
  'mostDisruptive',
  'worstApp',
  'phonePickups',
  'screenTime',
] as const;
export type QuizQuestionId = (typeof QUIZ_QUESTION_IDS)[number];

/** Every answer of a finished quiz: what the personal plan is computed from. */
export interface QuizAnswers {
  intention: Intention;
  /** One of OUTCOME_OPTIONS[intention]. */
  outcome: string;
  age: AgeBand;
  occupation: Occupation;
  mostDisruptive: MostDisruptive;
  worstApp: WorstApp;
  phonePickups: PhonePickups;
  screenTime: ScreenTime;
}

/**
 * The options of one question. The outcomes depend on the intention chosen before them: none
 * until there is one.
 */
export function quizQuestionOptions(id: QuizQuestionId, intention?: Intention | null): readonly string[] {
  switch (id) {
    case 'intention':
      return INTENTION_OPTIONS;
    case 'outcome':
      return intention ? OUTCOME_OPTIONS[intention] : [];
    case 'age':
      return AGE_BANDS;
    case 'occupation':
      return OCCUPATIONS;
    case 'mostDisruptive':
      return MOST_DISRUPTIVE_OPTIONS;
    case 'worstApp':
      return WORST_APP_OPTIONS;
    case 'phonePickups':
      return PHONE_PICKUP_OPTIONS;
    case 'screenTime':
      return SCREEN_TIME_OPTIONS;
  }
}

/** About 20 seconds a question: what the landing's "3-minute quiz" promises. */
export const QUIZ_MINUTES = 3;
