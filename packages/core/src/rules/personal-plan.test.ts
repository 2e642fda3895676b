import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEEDBLOCKING_SITES } from '../constants/feedblocking';
import { DEFAULT_SITE_BUDGET, MAX_SITE_BUDGET, MIN_SITE_BUDGET } from '../constants/limits';
import {
  AGE_BANDS,
  INTENTION_OPTIONS,
  MOST_DISRUPTIVE_OPTIONS,
  OCCUPATIONS,
  OUTCOME_OPTIONS,
  WORST_APP_OPTIONS,
} from '../constants/options';
import {
  PHONE_PICKUP_OPTIONS,
  QUIZ_QUESTION_IDS,
  type QuizAnswers,
  quizQuestionOptions,
  SCREEN_TIME_OPTIONS,
} from '../constants/quiz';
import { POPULAR_SITES } from '../sites/popular';
import { personalPlan, startingSites, suggestedDailySessions } from './personal-plan';

const answers = (overrides: Partial<QuizAnswers> = {}): QuizAnswers => ({
  intention: 'find focus',
  outcome: 'deeper work',
  age: '28-32',
  occupation: 'engineer',
  mostDisruptive: 'checking social media',
  worstApp: 'instagram',
  phonePickups: '60 to 100',
  screenTime: '2 to 4 hours',
  ...overrides,
});

/** Any finished quiz: every option of every question, the outcome one of its intention's. */
const anyAnswers: fc.Arbitrary<QuizAnswers> = fc.constantFrom(...INTENTION_OPTIONS).chain((intention) =>
  fc.record({
    intention: fc.constant(intention),
    outcome: fc.constantFrom(...OUTCOME_OPTIONS[intention]),
    age: fc.constantFrom(...AGE_BANDS),
    occupation: fc.constantFrom(...OCCUPATIONS),
    mostDisruptive: fc.constantFrom(...MOST_DISRUPTIVE_OPTIONS),
    worstApp: fc.constantFrom(...WORST_APP_OPTIONS),
    phonePickups: fc.constantFrom(...PHONE_PICKUP_OPTIONS),
    screenTime: fc.constantFrom(...SCREEN_TIME_OPTIONS),
  }),
);

describe('the quiz questions', () => {
  it('asks eight questions, each with its own options; the outcomes follow the intention', () => {
    expect(QUIZ_QUESTION_IDS).toHaveLength(8);
    expect(quizQuestionOptions('worstApp')).toBe(WORST_APP_OPTIONS);
    expect(quizQuestionOptions('screenTime')).toBe(SCREEN_TIME_OPTIONS);
    expect(quizQuestionOptions('outcome', 'find calm')).toBe(OUTCOME_OPTIONS['find calm']);
    expect(quizQuestionOptions('outcome', null)).toEqual([]);
    for (const id of QUIZ_QUESTION_IDS) {
      const options = quizQuestionOptions(id, 'be present');
      expect(options.length, id).toBeGreaterThan(1);
      expect(new Set(options).size, id).toBe(options.length);
    }
  });
});

describe('suggestedDailySessions', () => {
  it('starts close to the screen time people give, so the first week can be kept', () => {
    expect(suggestedDailySessions('under 2 hours', 'more than 100')).toBe(2);
    expect(suggestedDailySessions('2 to 4 hours', 'fewer than 30')).toBe(3);
    expect(suggestedDailySessions('4 to 6 hours', "I'm not sure")).toBe(4);
    expect(suggestedDailySessions('more than 6 hours', 'fewer than 30')).toBe(5);
  });

  it('goes by pickups when the screen time is not known, and by the default when neither is', () => {
    expect(suggestedDailySessions("I'm not sure", 'fewer than 30')).toBe(2);
    expect(suggestedDailySessions("I'm not sure", 'more than 100')).toBe(5);
    expect(suggestedDailySessions("I'm not sure", "I'm not sure")).toBe(DEFAULT_SITE_BUDGET);
  });
});

describe('startingSites', () => {
  it("starts with the hardest app's site, then where the biggest pull lives", () => {
    expect(startingSites('tik tok', 'binge watching')).toEqual(['tiktok.com', 'youtube.com']);
    expect(startingSites('twitter', 'impulse shopping')).toEqual(['x.com', 'amazon.com']);
  });

  it('names a site once', () => {
    expect(startingSites('instagram', 'checking social media')).toEqual(['instagram.com', 'x.com']);
    expect(startingSites('whatsapp', 'constant messaging')).toEqual(['web.whatsapp.com']);
  });

  it("goes by the pull for 'other', and by the popular sites when nothing names one", () => {
    expect(startingSites('other', 'binge watching')).toEqual(['youtube.com', 'netflix.com']);
    expect(startingSites('other', 'addictive gaming')).toEqual(POPULAR_SITES.slice(0, 2));
    expect(startingSites('other', 'none of these')).toEqual(POPULAR_SITES.slice(0, 2));
  });
});

describe('personalPlan', () => {
  it('puts the answers together into a plan with steps', () => {
    expect(personalPlan(answers())).toEqual({
      focus: { intention: 'find focus', outcome: 'deeper work', title: 'Find focus' },
      app: 'Instagram',
      sites: ['instagram.com', 'x.com'],
      feedblocking: { site: 'instagram', label: 'Instagram' },
      dailySessions: 3,
      nextWeekSessions: 2,
      steps: [
        'Add instagram.com and x.com with a budget of 3 sessions a day each.',
        'Turn on feed blocking for Instagram: search stays, the feed rests.',
        'Take the breathing pause each time one of them opens, and decide then whether to go in.',
        'After a week, lower the budget to 2 sessions a day.',
      ],
      expectations: [
        'A short breath each time instagram.com and x.com opens, then your choice: turn back, or a timed session.',
        "Once a site's 3 sessions of the day are used, its pause offers only turning back until tomorrow.",
        'Your home page counts your pauses each week, and how often you turned back.',
      ],
    });
  });

  it('offers feed blocking only for an app whose web feed Stillpoint blocks', () => {
    expect(personalPlan(answers({ worstApp: 'youtube' })).feedblocking).toEqual({
      site: 'youtube',
      label: 'YouTube',
    });
    const tiktok = personalPlan(answers({ worstApp: 'tik tok' }));
    expect(tiktok.feedblocking).toBeNull();
    expect(tiktok.steps.join(' ')).not.toMatch(/feed blocking/);
    expect(personalPlan(answers({ worstApp: 'other' }))).toMatchObject({ app: null, feedblocking: null });
  });

  it('never lowers the budget below the minimum, and says so', () => {
    const plan = personalPlan(answers({ screenTime: 'under 2 hours' }));
    expect(plan).toMatchObject({ dailySessions: 2, nextWeekSessions: 1 });
    expect(plan.steps.at(-1)).toBe('After a week, lower the budget to 1 session a day.');
  });

  it('says what the budget does once it is used', () => {
    expect(personalPlan(answers({ screenTime: 'under 2 hours' })).expectations[1]).toBe(
      "Once a site's 2 sessions of the day are used, its pause offers only turning back until tomorrow.",
    );
    expect(personalPlan(answers({ screenTime: 'more than 6 hours' })).expectations[1]).toContain(
      "a site's 5 sessions of the day are used",
    );
  });

  it('for any answers: a budget in range, one to two sites, and no figure about other people', () => {
    fc.assert(
      fc.property(anyAnswers, (quiz) => {
        const plan = personalPlan(quiz);
        expect(plan.dailySessions).toBeGreaterThanOrEqual(MIN_SITE_BUDGET);
        expect(plan.dailySessions).toBeLessThanOrEqual(MAX_SITE_BUDGET);
        expect(plan.nextWeekSessions).toBeGreaterThanOrEqual(MIN_SITE_BUDGET);
        expect(plan.nextWeekSessions).toBeLessThanOrEqual(plan.dailySessions);
        expect(plan.sites.length).toBeGreaterThanOrEqual(1);
        expect(plan.sites.length).toBeLessThanOrEqual(2);
        expect(new Set(plan.sites).size).toBe(plan.sites.length);
        expect(plan.expectations).toHaveLength(3);
        // The only numbers are the plan's own budget: no percentage, no count of other people.
        for (const line of plan.expectations) expect(line).not.toMatch(/%|\d{2,}/);
        if (plan.feedblocking) expect(FEEDBLOCKING_SITES).toContain(plan.feedblocking.site);
        expect(plan.focus).toMatchObject({ intention: quiz.intention, outcome: quiz.outcome });
      }),
    );
  });
});
