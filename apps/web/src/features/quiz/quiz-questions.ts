import type { QuizQuestionId } from '@stillpoint/core';
import { brand } from '../../lib/brand';

/** How each question reads on screen; the options are core's (quizQuestionOptions). */
export const quizQuestionTexts: Record<QuizQuestionId, { question: string; hint?: string }> = {
  intention: { question: `What would you most like ${brand.name} to help you do?` },
  outcome: { question: 'What would that give you?', hint: 'Pick the one that matters most right now.' },
  age: { question: 'How old are you?' },
  occupation: { question: 'What do you do?', hint: 'Pick the closest.' },
  mostDisruptive: { question: 'What pulls you away the most?' },
  worstApp: { question: 'Which app is the hardest to put down?' },
  phonePickups: {
    question: 'How many times a day do you pick up your phone?',
    hint: 'A guess is fine.',
  },
  screenTime: {
    question: 'How much time do you spend on your phone a day?',
    hint: "Your phone's screen time settings know, if you want to check.",
  },
};
