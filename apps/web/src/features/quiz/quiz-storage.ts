import {
  INTENTION_OPTIONS,
  type Intention,
  QUIZ_QUESTION_IDS,
  type QuizAnswers,
  type QuizQuestionId,
  quizQuestionOptions,
} from '@stillpoint/core';

/** Where the quiz keeps its answers on this device: a reload of /quiz or /quiz-results keeps them. */
export const QUIZ_STORAGE_KEY = 'stillpoint.quizAnswers';

/** The answers so far and the question on screen (an index into QUIZ_QUESTION_IDS). */
export interface QuizProgress {
  answers: Partial<QuizAnswers>;
  current: number;
}

export const freshQuiz: QuizProgress = { answers: {}, current: 0 };

const LAST_QUESTION = QUIZ_QUESTION_IDS.length - 1;

const asIntention = (value: unknown): Intention | undefined =>
  INTENTION_OPTIONS.find((option) => option === value);

/**
 * Answers read back, each checked against its question's options (the outcome against the
 * intention's): anything stale, edited by hand or unreadable is dropped.
 */
export function validAnswers(value: unknown): Partial<QuizAnswers> {
  if (typeof value !== 'object' || value === null) return {};
  const raw = value as Record<string, unknown>;
  const intention = asIntention(raw.intention);
  const answers: Record<string, string> = {};
  for (const id of QUIZ_QUESTION_IDS) {
    const answer = raw[id];
    if (typeof answer === 'string' && quizQuestionOptions(id, intention).includes(answer))
      answers[id] = answer;
  }
  return answers as Partial<QuizAnswers>;
}

/** The first question without an answer; the number of questions when all are answered. */
export function firstUnanswered(answers: Partial<QuizAnswers>): number {
  const index = QUIZ_QUESTION_IDS.findIndex((id) => answers[id] === undefined);
  return index === -1 ? QUIZ_QUESTION_IDS.length : index;
}

/** Every answer, or null while any is missing. */
export function finishedAnswers(answers: Partial<QuizAnswers>): QuizAnswers | null {
  return firstUnanswered(answers) === QUIZ_QUESTION_IDS.length ? (answers as QuizAnswers) : null;
}

/** The answers with one more; a new intention drops an outcome that is not one of its own. */
export function withAnswer(
  answers: Partial<QuizAnswers>,
  id: QuizQuestionId,
  value: string,
): Partial<QuizAnswers> {
  return validAnswers({ ...answers, [id]: value });
}

export const quizStorage = {
  /**
   * The saved progress, or null when there is none or it cannot be read. The question on screen
   * is never past the first unanswered one, so nobody lands beyond a gap.
   */
  read(): QuizProgress | null {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(QUIZ_STORAGE_KEY) ?? 'null');
      if (typeof stored !== 'object' || stored === null) return null;
      const raw = stored as Record<string, unknown>;
      const answers = validAnswers(raw.answers);
      const current = Number.isInteger(raw.current) ? (raw.current as number) : 0;
      const reachable = Math.min(firstUnanswered(answers), LAST_QUESTION);
      return { answers, current: Math.max(0, Math.min(current, reachable)) };
    } catch {
      return null;
    }
  },
  /** The finished quiz's answers, or null: what /quiz-results builds the plan from. */
  readFinished(): QuizAnswers | null {
    const progress = quizStorage.read();
    return progress ? finishedAnswers(progress.answers) : null;
  },
  save(progress: QuizProgress): void {
    try {
      localStorage.setItem(QUIZ_STORAGE_KEY, JSON.stringify(progress));
    } catch {
      // Storage full or blocked: the quiz still works, a reload just starts it over.
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(QUIZ_STORAGE_KEY);
    } catch {
      // Nothing to forget.
    }
  },
};
