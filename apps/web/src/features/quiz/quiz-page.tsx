import { QUIZ_MINUTES, QUIZ_QUESTION_IDS, quizQuestionOptions, webPageTitle } from '@stillpoint/core';
import { ArrowLeft, ArrowRight, Clock, ListChecks } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { Page } from '../../ui/page';
import { ProgressBar } from '../../ui/progress-bar';
import { QuizQuestion } from './quiz-question';
import { quizQuestionTexts } from './quiz-questions';
import { useQuiz } from './use-quiz';

export const QUIZ_HEADLINE = 'Eliminate distractions and be present again';

/**
 * Quiz landing (SPEC §2 /quiz): the headline and a 3-minute quiz of eight questions, one at a
 * time, kept on this device as it goes; the last answer leads to /quiz-results. The questions
 * and their order are in docs/quiz.md.
 */
export function QuizPage() {
  const navigate = useNavigate();
  const onFinish = useCallback(() => navigate('/quiz-results'), [navigate]);
  const quiz = useQuiz(onFinish);
  const text = quizQuestionTexts[quiz.id];
  const started = quiz.index > 0 || Object.keys(quiz.answers).length > 0;

  return (
    <Page title={webPageTitle('/quiz')} heading={QUIZ_HEADLINE}>
      <p className="mt-3 max-w-prose text-lg text-muted">
        Answer a few quick questions and get a personal plan: the sites to start with, a daily session budget
        and what to expect.
      </p>
      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted">
        <li className="flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4 text-accent" />
          About {QUIZ_MINUTES} minutes
        </li>
        <li className="flex items-center gap-1.5">
          <ListChecks aria-hidden="true" className="size-4 text-accent" />
          {QUIZ_QUESTION_IDS.length} questions
        </li>
      </ul>

      <section
        aria-label="Quiz"
        className="mt-8 flex flex-col gap-6 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8"
      >
        <ProgressBar
          percent={((quiz.index + 1) / quiz.total) * 100}
          label={`Quiz progress: question ${quiz.index + 1} of ${quiz.total}`}
        />
        <QuizQuestion
          key={quiz.id}
          name={quiz.id}
          number={quiz.index + 1}
          total={quiz.total}
          question={text.question}
          hint={text.hint}
          options={quizQuestionOptions(quiz.id, quiz.answers.intention)}
          selected={quiz.selected}
          onChoose={quiz.choose}
          focusOnShow={quiz.moved}
        />
        <div className="flex items-center gap-3">
          {quiz.index > 0 ? (
            <Button variant="ghost" onClick={quiz.back} className="-ml-2">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </Button>
          ) : null}
          <Button onClick={quiz.next} disabled={quiz.selected === undefined} className="ml-auto min-w-32">
            {quiz.isLast ? 'See my plan' : 'Next'}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </section>

      {started ? (
        <p className="mt-4 text-center text-sm text-muted">
          Your place is kept on this device.{' '}
          <button
            type="button"
            onClick={quiz.restart}
            className="rounded font-medium text-accent underline-offset-4 hover:underline"
          >
            Start over
          </button>
        </p>
      ) : null}
    </Page>
  );
}
