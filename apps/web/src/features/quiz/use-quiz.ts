import { FUNNEL_ADVANCE_DELAY_MS, QUIZ_QUESTION_IDS, type QuizQuestionId } from '@stillpoint/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { track } from '../../lib/analytics/track';
import { finishedAnswers, freshQuiz, type QuizProgress, quizStorage, withAnswer } from './quiz-storage';

export type AfterChoice = 'stay' | 'advance';

/**
 * The quiz's state: the answers, the question on screen, and moving between questions. Every
 * change is saved at once (quizStorage), so a reload comes back to the same question.
 * `onFinish` runs once the last question is answered and the person moves on.
 */
export function useQuiz(onFinish: () => void) {
  const [progress, setProgress] = useState<QuizProgress>(() => quizStorage.read() ?? freshQuiz);
  // The latest progress, for the advance that runs after the delay.
  const latest = useRef(progress);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Whether the question on screen came from moving on or back (then its heading takes focus).
  const [moved, setMoved] = useState(false);

  useEffect(() => () => clearTimeout(advanceTimer.current), []);

  const update = useCallback((next: QuizProgress) => {
    latest.current = next;
    setProgress(next);
    quizStorage.save(next);
  }, []);

  const id: QuizQuestionId = QUIZ_QUESTION_IDS[progress.current] ?? 'intention';
  const isLast = progress.current === QUIZ_QUESTION_IDS.length - 1;

  const next = useCallback(() => {
    clearTimeout(advanceTimer.current);
    const { answers, current } = latest.current;
    const question = QUIZ_QUESTION_IDS[current];
    const answer = question ? answers[question] : undefined;
    if (!question || answer === undefined) return;
    track('quizQuestionAnswered', { question, answer, number: current + 1 });
    if (current < QUIZ_QUESTION_IDS.length - 1) {
      setMoved(true);
      update({ answers, current: current + 1 });
      return;
    }
    const finished = finishedAnswers(answers);
    if (!finished) {
      // An earlier answer went missing (an intention changed its outcome away): go back to it.
      const gap = QUIZ_QUESTION_IDS.findIndex((candidate) => answers[candidate] === undefined);
      setMoved(true);
      update({ answers, current: Math.max(0, gap) });
      return;
    }
    track('quizCompleted', { ...finished });
    onFinish();
  }, [onFinish, update]);

  const choose = useCallback(
    (value: string, after: AfterChoice) => {
      const { answers, current } = latest.current;
      const question = QUIZ_QUESTION_IDS[current];
      if (!question) return;
      if (Object.keys(answers).length === 0) track('quizStarted');
      if (answers[question] !== value) update({ answers: withAnswer(answers, question, value), current });
      if (after === 'advance') {
        clearTimeout(advanceTimer.current);
        advanceTimer.current = setTimeout(next, FUNNEL_ADVANCE_DELAY_MS);
      }
    },
    [next, update],
  );

  const back = useCallback(() => {
    clearTimeout(advanceTimer.current);
    const { answers, current } = latest.current;
    if (current === 0) return;
    setMoved(true);
    update({ answers, current: current - 1 });
  }, [update]);

  /** Forgets every answer and starts again from the first question. */
  const restart = useCallback(() => {
    clearTimeout(advanceTimer.current);
    setMoved(true);
    update(freshQuiz);
  }, [update]);

  return {
    id,
    index: progress.current,
    total: QUIZ_QUESTION_IDS.length,
    answers: progress.answers,
    selected: progress.answers[id],
    isLast,
    moved,
    choose,
    next,
    back,
    restart,
  };
}
