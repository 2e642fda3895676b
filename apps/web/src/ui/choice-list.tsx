import { withBrandSpellings } from '@stillpoint/core';

interface ChoiceListProps {
  /** Names the group for screen readers, e.g. the question. */
  label: string;
  choices: readonly string[];
  selected?: string | null;
  onChoose(choice: string): void;
  disabled?: boolean;
  /** How a choice is written, when that differs from its value (else its brand names spelled right). */
  labelOf?(choice: string): string;
}

/**
 * Answers to one question as large buttons; the chosen one is pressed. Choosing is the action
 * (the step moves on or reveals a follow-up), so no separate confirm is needed.
 */
export function ChoiceList({ label, choices, selected, onChoose, disabled, labelOf }: ChoiceListProps) {
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="sr-only">{label}</legend>
      {choices.map((choice) => {
        const pressed = choice === selected;
        return (
          <button
            key={choice}
            type="button"
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onChoose(choice)}
            className={`min-h-14 rounded-2xl border px-5 py-3 text-left text-base font-medium first-letter:uppercase transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
              pressed
                ? 'border-accent bg-accent-soft text-accent-strong'
                : 'border-line bg-surface text-ink hover:border-accent'
            }`}
          >
            {labelOf ? labelOf(choice) : withBrandSpellings(choice)}
          </button>
        );
      })}
    </fieldset>
  );
}
