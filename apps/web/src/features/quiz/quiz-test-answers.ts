import type { QuizAnswers } from '@stillpoint/core';

/** A finished quiz, for this folder's tests (never imported by the pages). */
export const FINISHED_QUIZ: QuizAnswers = {
  intention: 'find focus',
  outcome: 'deeper work',
  age: '28-32',
  occupation: 'engineer',
  mostDisruptive: 'binge watching',
  worstApp: 'youtube',
  phonePickups: '60 to 100',
  screenTime: '4 to 6 hours',
};
