import { OCCUPATIONS } from '@stillpoint/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { ChoiceStep } from './choice-step';

const QUESTION = 'What do you do?';

/**
 * OCCUPATION: one of SPEC §9's occupations (moves on by itself), or the person's own words, which
 * must not be empty to continue (SPEC §5).
 */
export function OccupationStep({
  selected,
  onAnswer,
  next,
}: {
  selected: string | null;
  onAnswer(occupation: string): void;
  next(): void;
}) {
  const listed = (OCCUPATIONS as readonly string[]).includes(selected ?? '');
  const [ownWords, setOwnWords] = useState(selected && !listed ? selected : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const occupation = ownWords.trim();
    if (occupation === '') return;
    onAnswer(occupation);
    next();
  };

  return (
    <ChoiceStep
      question={QUESTION}
      lead="Your plan fits around your days."
      choices={OCCUPATIONS}
      selected={listed ? (selected as (typeof OCCUPATIONS)[number]) : null}
      onChoose={onAnswer}
      next={next}
    >
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Something else? Tell us in your own words"
          hint="Write at least one word to continue."
          value={ownWords}
          maxLength={100}
          autoComplete="organization-title"
          placeholder="e.g. nurse, lawyer, chef"
          onChange={(event) => setOwnWords(event.target.value)}
          className="flex-1"
        />
        <Button type="submit" disabled={ownWords.trim() === ''} className="sm:mt-7">
          Continue
        </Button>
      </form>
    </ChoiceStep>
  );
}
