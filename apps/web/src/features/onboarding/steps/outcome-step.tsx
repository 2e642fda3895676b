import { type Intention, OUTCOME_OPTIONS } from '@stillpoint/core';
import { ChoiceList } from '../../../ui/choice-list';
import { StepLayout } from '../../../ui/step-layout';

const QUESTION = 'What would you most like to change?';

/** ASK_OUTCOME: the outcomes offered depend on the chosen intention (SPEC §9). */
export function OutcomeStep({
  intention,
  selected,
  onChoose,
}: {
  intention: Intention;
  selected: string | null;
  onChoose(outcome: string): void;
}) {
  return (
    <StepLayout title={QUESTION} lead={`You want to ${intention}. What would that look like?`}>
      <ChoiceList
        label={QUESTION}
        choices={OUTCOME_OPTIONS[intention]}
        selected={selected}
        onChoose={onChoose}
      />
    </StepLayout>
  );
}
