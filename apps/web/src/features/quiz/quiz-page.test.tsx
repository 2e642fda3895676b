import {
  FUNNEL_ADVANCE_DELAY_MS,
  INTENTION_OPTIONS,
  OUTCOME_OPTIONS,
  QUIZ_QUESTION_IDS,
} from '@stillpoint/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../lib/analytics/track';
import { stubCarouselBrowser } from '../../test/browser-fakes';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { QUIZ_STORAGE_KEY, quizStorage } from './quiz-storage';
import { FINISHED_QUIZ } from './quiz-test-answers';

vi.mock('../../lib/analytics/track', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/analytics/track')>()),
  track: vi.fn(),
}));

beforeAll(() => preloadRoutes('/quiz', '/quiz-results'));
// The last answer leads to /quiz-results, with its screens carousel.
beforeEach(() => stubCarouselBrowser());
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(track).mockClear();
});

const ANSWERS = FINISHED_QUIZ;

const pageReady = () =>
  screen.findByRole(
    'heading',
    { level: 1, name: 'Eliminate distractions and be present again' },
    { timeout: 5000 },
  );
/** The question on screen: its heading says which one it is. */
const question = (number: number, text: RegExp | string) =>
  screen.getByRole('heading', {
    level: 2,
    name: new RegExp(`^Question ${number} of 8\\s*${typeof text === 'string' ? text : text.source}`),
  });
const progress = () => screen.getByRole('progressbar');
/** Tab, as a keyboard user does, until an answer has focus. */
async function tabToAnswers(user: ReturnType<typeof userEvent.setup>) {
  for (let step = 0; step < 10 && !(document.activeElement instanceof HTMLInputElement); step += 1)
    await user.tab();
}
const saved = () => JSON.parse(localStorage.getItem(QUIZ_STORAGE_KEY) ?? 'null');

describe('the quiz', () => {
  it('opens on the first question of eight, with its progress, and nothing to go back to', async () => {
    renderRoute('/quiz');
    await pageReady();

    expect(question(1, 'What would you most like Stillpoint to help you do?')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', String(Math.round(100 / 8)));
    expect(progress()).toHaveAccessibleName('Quiz progress: question 1 of 8');
    const group = screen.getByRole('group', { name: /What would you most like/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([...INTENTION_OPTIONS]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    // Opening the page does not take focus away from where a screen reader starts.
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(document.title).toBe('Quiz · Stillpoint'));
  });

  it('answers by keyboard: arrows move the choice only, Space takes it and moves on to the next question', async () => {
    const user = userEvent.setup();
    renderRoute('/quiz');
    await pageReady();

    await tabToAnswers(user);
    expect(screen.getByRole('radio', { name: 'be present' })).toHaveFocus();
    // The fake clock also runs on by itself, as the testing library's own short waits need.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.keyboard('{ArrowDown}');
    const calm = screen.getByRole('radio', { name: 'find calm' });
    expect(calm).toHaveFocus();
    expect(calm).toBeChecked();
    // The arrow keys only move the choice: past the delay a click waits, the question stays.
    act(() => vi.advanceTimersByTime(FUNNEL_ADVANCE_DELAY_MS));
    expect(question(1, /What would you most like/)).toBeInTheDocument();
    vi.useRealTimers();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    await user.keyboard(' ');
    const second = await screen.findByRole('heading', { name: /^Question 2 of 8/ });
    expect(second).toHaveFocus();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      ...OUTCOME_OPTIONS['find calm'],
    ]);
    expect(progress()).toHaveAttribute('aria-valuenow', '25');

    // Enter takes an answer too: from the focused heading, Tab goes to the answers.
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: /^Question 3 of 8/ })).toHaveFocus();
    expect(saved().answers).toEqual({ intention: 'find calm', outcome: OUTCOME_OPTIONS['find calm'][0] });
    expect(track).toHaveBeenCalledWith('quizStarted');
    expect(track).toHaveBeenCalledWith('quizQuestionAnswered', {
      question: 'intention',
      answer: 'find calm',
      number: 1,
    });
  });

  it('moves on FUNNEL_ADVANCE_DELAY_MS after a click, so the choice shows first', async () => {
    renderRoute('/quiz');
    await pageReady();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    // A tap, by hand: user-event waits on timers, which are fake here.
    const answer = screen.getByText('find focus');
    fireEvent.pointerDown(answer);
    fireEvent.click(answer);
    expect(screen.getByRole('radio', { name: 'find focus' })).toBeChecked();
    act(() => vi.advanceTimersByTime(FUNNEL_ADVANCE_DELAY_MS - 1));
    expect(question(1, /What would you most like/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(question(2, 'What would that give you?')).toHaveFocus();
  });

  it('goes Back with the earlier answer still chosen, and Next goes forward again', async () => {
    const user = userEvent.setup();
    renderRoute('/quiz');
    await pageReady();

    await user.click(screen.getByText('be present'));
    await screen.findByRole('heading', { name: /^Question 2 of 8/ });
    await user.click(screen.getByText('better sleep'));
    await screen.findByRole('heading', { name: /^Question 3 of 8/ });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(question(2, 'What would that give you?')).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'better sleep' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(question(1, /What would you most like/)).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'be present' })).toBeChecked();

    // Another intention keeps an outcome that is one of its own too ('better sleep').
    await user.click(screen.getByText('find calm'));
    await screen.findByRole('heading', { name: /^Question 2 of 8/ });
    expect(screen.getByRole('radio', { name: 'better sleep' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(question(3, 'How old are you?')).toHaveFocus();
  });

  it('comes back to the same question after a reload, answers and all', async () => {
    const user = userEvent.setup();
    const first = renderRoute('/quiz');
    await pageReady();
    await user.click(screen.getByText('find focus'));
    await screen.findByRole('heading', { name: /^Question 2 of 8/ });
    await user.click(screen.getByText('deeper work'));
    await screen.findByRole('heading', { name: /^Question 3 of 8/ });
    expect(saved()).toEqual({ answers: { intention: 'find focus', outcome: 'deeper work' }, current: 2 });
    first.unmount();

    renderRoute('/quiz');
    await pageReady();
    expect(question(3, 'How old are you?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'deeper work' })).toBeChecked();
  });

  it('ignores what it cannot read back: unreadable storage starts afresh, stale answers are dropped', async () => {
    localStorage.setItem(QUIZ_STORAGE_KEY, '{"answers": {');
    const first = renderRoute('/quiz');
    await pageReady();
    expect(question(1, /What would you most like/)).toBeInTheDocument();
    first.unmount();

    // An outcome of another intention, an age that is no band, and a place beyond the gaps.
    localStorage.setItem(
      QUIZ_STORAGE_KEY,
      JSON.stringify({
        answers: { intention: 'find calm', outcome: 'deeper work', age: 'ninety' },
        current: 6,
      }),
    );
    renderRoute('/quiz');
    await pageReady();
    expect(question(2, 'What would that give you?')).toBeInTheDocument();
    expect(screen.getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
  });

  // Two pages: on a busy machine this takes more than the default 5 s.
  it('leads from the last answer to the results, where the plan is', async () => {
    const user = userEvent.setup();
    const { screenTime: _, ...allButLast } = ANSWERS;
    quizStorage.save({ answers: allButLast, current: QUIZ_QUESTION_IDS.length - 1 });
    const { router } = renderRoute('/quiz');
    await pageReady();

    expect(question(8, 'How much time do you spend on your phone a day?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See my plan' })).toBeDisabled();
    await user.click(screen.getByText('4 to 6 hours'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your personal plan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quiz-results');
    expect(screen.getByRole('region', { name: 'Your plan' })).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('quizCompleted', { ...ANSWERS });
  }, 10_000);

  it('starts over from the first question when asked', async () => {
    const user = userEvent.setup();
    quizStorage.save({ answers: { intention: 'find focus', outcome: 'deeper work' }, current: 2 });
    renderRoute('/quiz');
    await pageReady();

    await user.click(screen.getByRole('button', { name: 'Start over' }));

    expect(question(1, /What would you most like/)).toHaveFocus();
    expect(screen.getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(saved()).toEqual({ answers: {}, current: 0 });
  });
});
