import type { QuizAnswers } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { finishedAnswers, QUIZ_STORAGE_KEY, quizStorage, validAnswers, withAnswer } from './quiz-storage';

const ANSWERS: QuizAnswers = {
  intention: 'be present',
  outcome: 'better sleep',
  age: '50+',
  occupation: 'parent',
  mostDisruptive: 'constant messaging',
  worstApp: 'whatsapp',
  phonePickups: "I'm not sure",
  screenTime: "I'm not sure",
};

describe('quizStorage', () => {
  it('reads back what it saved, under stillpoint.quizAnswers', () => {
    quizStorage.save({ answers: ANSWERS, current: 7 });
    expect(JSON.parse(localStorage.getItem(QUIZ_STORAGE_KEY) ?? '')).toEqual({
      answers: ANSWERS,
      current: 7,
    });
    expect(quizStorage.read()).toEqual({ answers: ANSWERS, current: 7 });
    expect(quizStorage.readFinished()).toEqual(ANSWERS);
  });

  it('ignores what is not JSON, not an object, or not its shape', () => {
    for (const stored of ['{', 'null', '42', '"text"', '[]']) {
      localStorage.setItem(QUIZ_STORAGE_KEY, stored);
      expect(quizStorage.readFinished(), stored).toBeNull();
    }
    localStorage.setItem(QUIZ_STORAGE_KEY, '{');
    expect(quizStorage.read()).toBeNull();
    localStorage.setItem(QUIZ_STORAGE_KEY, JSON.stringify({ answers: 'all of them', current: 'last' }));
    expect(quizStorage.read()).toEqual({ answers: {}, current: 0 });
  });

  it('never places the question past the first unanswered one, nor outside the quiz', () => {
    quizStorage.save({ answers: { intention: 'find calm' }, current: 6 });
    expect(quizStorage.read()?.current).toBe(1);
    quizStorage.save({ answers: ANSWERS, current: 99 });
    expect(quizStorage.read()?.current).toBe(7);
    quizStorage.save({ answers: ANSWERS, current: -3 });
    expect(quizStorage.read()?.current).toBe(0);
  });

  it('forgets everything on clear', () => {
    quizStorage.save({ answers: ANSWERS, current: 7 });
    quizStorage.clear();
    expect(quizStorage.read()).toBeNull();
  });
});

describe('answers', () => {
  it('keeps only options of their question, the outcome only under its own intention', () => {
    expect(
      validAnswers({ ...ANSWERS, age: '101', worstApp: 'myspace', extra: 'x', outcome: 'deeper work' }),
    ).toEqual({ ...ANSWERS, age: undefined, worstApp: undefined, outcome: undefined, extra: undefined });
    expect(finishedAnswers(validAnswers({ ...ANSWERS, age: 7 }))).toBeNull();
  });

  it('drops an outcome that a new intention does not offer, and keeps one it does', () => {
    expect(withAnswer(ANSWERS, 'intention', 'find focus').outcome).toBeUndefined();
    expect(withAnswer(ANSWERS, 'intention', 'find calm').outcome).toBe('better sleep');
  });
});
