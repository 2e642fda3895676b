import type { ReactNode } from 'react';
import { ChoiceList } from '../../../ui/choice-list';
import { StepLayout } from '../../../ui/step-layout';
import { useAdvanceAfterChoice } from '../use-advance-after-choice';

interface ChoiceStepProps<T extends string> {
  question: string;
  lead?: ReactNode;
  choices: readonly T[];
  selected: T | null;
  labelOf?(choice: T): string;
  /** Records the answer; the step then moves on by itself. */
  onChoose(choice: T): void;
  next(): void;
  /** Below the choices: another way to answer (the occupation's own words). */
  children?: ReactNode;
}

/** A question of the funnel answered by one choice, which moves on after a short pause. */
export function ChoiceStep<T extends string>({
  question,
  lead,
  choices,
  selected,
  labelOf,
  onChoose,
  next,
  children,
}: ChoiceStepProps<T>) {
  const { choose } = useAdvanceAfterChoice(next);
  return (
    <StepLayout title={question} lead={lead}>
      <ChoiceList
        label={question}
        choices={choices}
        selected={selected}
        labelOf={labelOf ? (choice) => labelOf(choice as T) : undefined}
        onChoose={(choice) => choose(() => onChoose(choice as T))}
      />
      {children}
    </StepLayout>
  );
}
