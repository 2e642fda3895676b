import { INTENTION_OPTIONS, type Intention } from '@stillpoint/core';
import { brand } from '../../../lib/brand';
import { ChoiceList } from '../../../ui/choice-list';
import { StepLayout } from '../../../ui/step-layout';

const QUESTION = `What brings you to ${brand.name}?`;

/** ASK_INTENTION: one of SPEC §9's intentions; choosing moves on. */
export function IntentionStep({
  selected,
  onChoose,
}: {
  selected: Intention | null;
  onChoose(intention: Intention): void;
}) {
  return (
    <StepLayout title={QUESTION} lead="Pick the one that fits best. You can change it later.">
      <ChoiceList
        label={QUESTION}
        choices={INTENTION_OPTIONS}
        selected={selected}
        onChoose={(choice) => onChoose(choice as Intention)}
      />
    </StepLayout>
  );
}
