import { withBrandSpellings } from '@stillpoint/core';
import { type KeyboardEvent, useId, useLayoutEffect, useRef } from 'react';
import type { AfterChoice } from './use-quiz';

interface QuizQuestionProps {
  /** The question's id: the radio group's name. */
  name: string;
  /** Which question this is, from 1, of `total`. */
  number: number;
  total: number;
  question: string;
  hint?: string;
  options: readonly string[];
  selected: string | undefined;
  onChoose(value: string, after: AfterChoice): void;
  /** Move focus to the question when it appears: it replaced another one on screen. */
  focusOnShow: boolean;
}

/**
 * One question as a group of radio buttons in a fieldset, its heading the legend. The keyboard
 * works as for any radio group: Tab into it, arrow keys move the choice (and only move it), Space
 * or Enter takes the focused answer and moves on. A click or tap moves on too, after a short
 * pause that shows what was chosen (FUNNEL_ADVANCE_DELAY_MS).
 */
export function QuizQuestion({
  name,
  number,
  total,
  question,
  hint,
  options,
  selected,
  onChoose,
  focusOnShow,
}: QuizQuestionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const hintId = useId();
  // Set by a pointer pressing an answer: that click moves on; a click the arrow keys cause does not.
  const pointer = useRef(false);

  // In the same commit as the new question, so nothing can land between it and the focus.
  useLayoutEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, option: string) => {
    pointer.current = false;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChoose(option, 'advance');
    }
  };

  // Long lists (ages, occupations) get shorter rows, so they take about one phone screen.
  const rowHeight = options.length > 6 ? 'min-h-12 py-2' : 'min-h-14 py-3';

  return (
    <fieldset aria-describedby={hint ? hintId : undefined} className="min-w-0">
      <legend className="w-full">
        <h2
          ref={heading}
          tabIndex={-1}
          className="text-balance text-xl font-semibold tracking-tight text-ink outline-none sm:text-2xl"
        >
          <span className="mb-1 block text-sm font-medium text-muted">
            Question {number} of {total}
          </span>
          {question}
        </h2>
      </legend>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-5 grid grid-cols-1 gap-2.5 sm:grid-cols-2 sm:gap-3">
        {options.map((option) => (
          <label
            key={option}
            onPointerDown={() => {
              pointer.current = true;
            }}
            className={`flex ${rowHeight} cursor-pointer items-center gap-3 rounded-2xl border border-line bg-surface px-4 text-base font-medium text-ink transition-colors hover:border-accent has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent-strong has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent motion-reduce:transition-none`}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={selected === option}
              onClick={() => {
                if (!pointer.current) return;
                pointer.current = false;
                onChoose(option, 'advance');
              }}
              onChange={() => onChoose(option, 'stay')}
              onKeyDown={(event) => onKeyDown(event, option)}
              className="size-5 shrink-0 accent-accent focus-visible:outline-none"
            />
            <span className="min-w-0 break-words first-letter:uppercase">{withBrandSpellings(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
