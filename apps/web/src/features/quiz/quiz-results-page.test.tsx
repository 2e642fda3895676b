import { ONE_SEC_STUDY, QUIZ_QUESTION_IDS, type QuizAnswers } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../lib/analytics/track';
import { stubCarouselBrowser, stubReducedMotion } from '../../test/browser-fakes';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { FAKE_PAYMENT_CONFIG } from '../../test/subscriptions';
import { checkoutLoad } from './checkout-load';
import { QUIZ_STORAGE_KEY, quizStorage } from './quiz-storage';
import { FINISHED_QUIZ } from './quiz-test-answers';

vi.mock('../../lib/analytics/track', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/analytics/track')>()),
  track: vi.fn(),
}));

const ANSWERS = FINISHED_QUIZ;

const scrollIntoView = vi.fn();

beforeAll(() => preloadRoutes('/quiz-results', '/quiz'));
beforeEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
  stubCarouselBrowser();
});
afterEach(() => {
  vi.restoreAllMocks();
  scrollIntoView.mockReset();
  vi.mocked(track).mockClear();
});

const finishQuiz = (answers: QuizAnswers = ANSWERS) =>
  quizStorage.save({ answers, current: QUIZ_QUESTION_IDS.length - 1 });
const pageReady = () =>
  screen.findByRole('heading', { level: 1, name: 'Your personal plan' }, { timeout: 5000 });
const plans = () => screen.getByRole('region', { name: 'Choose your plan' });
/** Stands in for leaving the page: a test page cannot load another document. */
const watchCheckout = () => vi.spyOn(checkoutLoad, 'open').mockImplementation(() => undefined);

describe('quiz results', () => {
  // Two pages: on a busy machine this takes more than the default 5 s.
  it('offers the quiz to someone who has not taken it', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/quiz-results');
    await pageReady();

    expect(screen.getByRole('heading', { name: 'Your plan starts with a short quiz' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get my plan' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Take the quiz' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/quiz'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Eliminate distractions and be present again' }),
    ).toBeInTheDocument();
  }, 10_000);

  it('treats an unfinished or unreadable quiz as none', async () => {
    quizStorage.save({ answers: { intention: 'find focus' }, current: 1 });
    const first = renderRoute('/quiz-results');
    await pageReady();
    expect(screen.getByRole('link', { name: 'Take the quiz' })).toBeInTheDocument();
    first.unmount();

    localStorage.setItem(QUIZ_STORAGE_KEY, 'not json');
    renderRoute('/quiz-results');
    await pageReady();
    expect(screen.getByRole('link', { name: 'Take the quiz' })).toBeInTheDocument();
  });

  it('shows the plan made from the saved answers, the figures with their sources, and the footer', async () => {
    finishQuiz();
    renderRoute('/quiz-results');
    await pageReady();

    const plan = screen.getByRole('region', { name: 'Your plan' });
    expect(within(plan).getByText('Find focus')).toBeInTheDocument();
    expect(within(plan).getByText('deeper work')).toBeInTheDocument();
    expect(within(plan).getByText('4 sessions a day')).toBeInTheDocument();
    expect(within(plan).getByText('then 3 from week two')).toBeInTheDocument();
    expect(within(plan).getByText('youtube.com')).toBeInTheDocument();
    expect(within(plan).getByText('netflix.com')).toBeInTheDocument();
    expect(
      within(within(plan).getByRole('list', { name: 'Your first two weeks' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('Add youtube.com and netflix.com with a budget of 4 sessions a day each.');
    // What the product does with the plan's sites and budget: no figure about other people.
    const expectations = within(within(plan).getByRole('list', { name: 'What to expect' })).getAllByRole(
      'listitem',
    );
    expect(expectations.map((item) => item.textContent)).toEqual([
      'A short breath each time youtube.com and netflix.com opens, then your choice: turn back, or a timed session.',
      "Once a site's 4 sessions of the day are used, its pause offers only turning back until tomorrow.",
      'Your home page counts your pauses each week, and how often you turned back.',
    ]);
    expect(plan).not.toHaveTextContent('%');

    // Its own chunk: it joins the page once its code is in.
    const figures = await screen.findByRole('region', { name: 'What the numbers say' });
    expect(within(figures).getAllByRole('link', { name: /Study of the app one sec/ })[0]).toHaveAttribute(
      'href',
      ONE_SEC_STUDY.url,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'See it on your phone' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Get the iPhone app/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Your personal plan · Stillpoint'));
  });

  it("prices both plans per day from the server's prices, after a loading state", async () => {
    finishQuiz();
    renderRoute('/quiz-results');
    await pageReady();

    expect(within(plans()).getByRole('status')).toHaveTextContent('Loading the prices');
    expect(within(plans()).getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();

    const annual = await within(plans()).findByRole('radio', {
      name: /Annual.*\$49\.99, billed yearly.*\$0\.14/,
    });
    expect(annual).toBeChecked();
    expect(
      within(plans()).getByRole('radio', { name: /Monthly.*\$6\.99, billed monthly.*\$0\.23/ }),
    ).not.toBeChecked();
    expect(within(plans()).getByText('Save 40%')).toBeInTheDocument();
    expect(within(plans()).queryByRole('status')).not.toBeInTheDocument();
    expect(within(plans()).getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
  });

  it('says so when a price cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    let fail = true;
    server.route('GET /api/getStripePrice', ({ search }) =>
      fail
        ? { status: 400, body: { success: false, code: 'BAD_REQUEST', error: 'priceId: unknown' } }
        : {
            body: {
              success: true,
              data: {
                unit_amount: search.get('priceId') === FAKE_PAYMENT_CONFIG.prices.monthly ? 699 : 4999,
                currency: 'usd',
              },
            },
          },
    );
    finishQuiz();
    renderRoute('/quiz-results');
    await pageReady();

    expect(
      await within(plans()).findByText("We couldn't load the prices.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(plans()).getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
    fail = false;
    await user.click(within(plans()).getByRole('button', { name: 'Try again' }));
    expect(await within(plans()).findByRole('radio', { name: /Monthly.*\$0\.23/ })).toBeInTheDocument();
  });

  it('Get my plan scrolls the plan selection into view and moves focus to it', async () => {
    const user = userEvent.setup();
    finishQuiz();
    renderRoute('/quiz-results');
    await pageReady();

    await user.click(screen.getByRole('button', { name: 'Get my plan' }));

    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(plans());
    expect(plans()).toHaveFocus();
  });

  it('Get my plan jumps without smooth scrolling for someone who asked for less motion', async () => {
    const user = userEvent.setup();
    stubReducedMotion(true);
    finishQuiz();
    renderRoute('/quiz-results');
    await pageReady();

    await user.click(screen.getByRole('button', { name: 'Get my plan' }));

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    expect(plans()).toHaveFocus();
  });

  it('goes on to /webcheckout for the chosen plan, as a full page load', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    finishQuiz();
    const { router } = renderRoute('/quiz-results');
    await pageReady();

    await user.click(await within(plans()).findByRole('radio', { name: /Monthly.*\$0\.23/ }));
    await user.click(within(plans()).getByRole('button', { name: 'Continue to checkout' }));

    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith(`/webcheckout?pid=${FAKE_PAYMENT_CONFIG.prices.monthly}`);
    expect(router.state.location.pathname).toBe('/quiz-results');
    expect(track).toHaveBeenCalledWith('quizPlanChosen', {
      plan: 'monthly',
      priceId: FAKE_PAYMENT_CONFIG.prices.monthly,
    });
    expect(within(plans()).getByRole('button', { name: 'Continue to checkout' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('takes the annual plan when nothing else is chosen', async () => {
    const user = userEvent.setup();
    const leave = watchCheckout();
    finishQuiz();
    renderRoute('/quiz-results');
    await pageReady();

    await within(plans()).findByRole('radio', { name: /Annual.*\$0\.14/ });
    await user.click(within(plans()).getByRole('button', { name: 'Continue to checkout' }));

    expect(leave).toHaveBeenCalledWith(`/webcheckout?pid=${FAKE_PAYMENT_CONFIG.prices.annual}`);
  });
});
