import {
  AGE_BANDS,
  type AgeBand,
  type FunnelStep,
  INTENTION_OPTIONS,
  type Intention,
  MOST_DISRUPTIVE_OPTIONS,
  type MostDisruptive,
  OUTCOME_OPTIONS,
  WORST_APP_LABELS,
  WORST_APP_OPTIONS,
  type WorstApp,
} from '@stillpoint/core';
import { brand } from '../../../lib/brand';
import type { FunnelAnswers } from '../funnel-storage';
import { ChoiceStep } from './choice-step';
import { OccupationStep } from './occupation-step';

/** The funnel's questions (SPEC §9's lists): each answered by one choice, the occupation also in words. */
export function QuestionStep({
  step,
  answers,
  answer,
  next,
  goTo,
}: {
  step: FunnelStep;
  answers: FunnelAnswers;
  answer(changes: Partial<FunnelAnswers>): void;
  next(): void;
  goTo(step: FunnelStep): void;
}) {
  switch (step) {
    case 'INTENTION':
      return (
        <ChoiceStep<Intention>
          question={`What brings you to ${brand.name}?`}
          lead="Pick the one that fits best."
          choices={INTENTION_OPTIONS}
          selected={answers.intention}
          onChoose={(intention) =>
            answer({ intention, ...(intention !== answers.intention ? { outcome: null } : {}) })
          }
          next={next}
        />
      );
    case 'OUTCOME':
      return answers.intention ? (
        <ChoiceStep<string>
          question="What would make the biggest difference for you?"
          choices={OUTCOME_OPTIONS[answers.intention]}
          selected={answers.outcome}
          onChoose={(outcome) => answer({ outcome })}
          next={next}
        />
      ) : (
        <MissingAnswer onBack={() => goTo('INTENTION')} />
      );
    case 'AGE':
      return (
        <ChoiceStep<AgeBand>
          question="How old are you?"
          // Age shapes nothing in the plan yet (docs/quiz.md): the words promise nothing more.
          lead={`It helps us learn who ${brand.name} helps. It doesn't change your plan.`}
          choices={AGE_BANDS}
          selected={answers.age}
          onChoose={(age) => answer({ age })}
          next={next}
        />
      );
    case 'OCCUPATION':
      return (
        <OccupationStep
          selected={answers.occupation}
          onAnswer={(occupation) => answer({ occupation })}
          next={next}
        />
      );
    case 'MOST_DISRUPTIVE':
      return (
        <ChoiceStep<MostDisruptive>
          question="What pulls you away the most?"
          choices={MOST_DISRUPTIVE_OPTIONS}
          selected={answers.mostDisruptive}
          onChoose={(mostDisruptive) => answer({ mostDisruptive })}
          next={next}
        />
      );
    case 'WORST_APP':
      return (
        <ChoiceStep<WorstApp>
          question="Which app is the hardest to put down?"
          choices={WORST_APP_OPTIONS}
          labelOf={(app) => WORST_APP_LABELS[app]}
          selected={answers.worstApp}
          onChoose={(worstApp) => answer({ worstApp })}
          next={next}
        />
      );
    default:
      return null;
  }
}

function MissingAnswer({ onBack }: { onBack(): void }) {
  return (
    <div className="flex flex-col items-start gap-3 py-6">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">One question first</h1>
      <p className="text-muted">Tell us what brings you here, and we'll ask what would help.</p>
      <button type="button" onClick={onBack} className="font-medium text-accent hover:underline">
        Back to the question
      </button>
    </div>
  );
}
