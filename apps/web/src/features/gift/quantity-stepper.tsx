import {
  clampGiftQuantity,
  decrementGiftQuantity,
  GIFT_QUANTITY_MAX,
  GIFT_QUANTITY_MIN,
  incrementGiftQuantity,
} from '@stillpoint/core';
import { Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId } from 'react';

interface QuantityStepperProps {
  label: string;
  value: number;
  onChange(value: number): void;
  /** While the page is leaving for checkout, the number stays as it was sent. */
  disabled?: boolean;
}

/** How far Page Up and Page Down move, as a spin button's larger step. */
const PAGE_STEP = 5;

/**
 * The gift count (SPEC §5: 0 to 20): a spin button, so screen readers hear its value and bounds and
 * the arrow, Page and Home/End keys change it, between − and + buttons for pointer and touch. At a
 * bound its button is marked disabled but stays focusable, so focus is not lost from under the
 * person pressing it.
 */
export function QuantityStepper({ label, value, onChange, disabled = false }: QuantityStepperProps) {
  const labelId = useId();
  const spinId = useId();
  const set = (next: number) => {
    if (!disabled && next !== value) onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next: Record<string, number> = {
      ArrowUp: incrementGiftQuantity(value),
      ArrowRight: incrementGiftQuantity(value),
      ArrowDown: decrementGiftQuantity(value),
      ArrowLeft: decrementGiftQuantity(value),
      PageUp: clampGiftQuantity(value + PAGE_STEP),
      PageDown: clampGiftQuantity(value - PAGE_STEP),
      Home: GIFT_QUANTITY_MIN,
      End: GIFT_QUANTITY_MAX,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    set(target);
  };

  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium text-ink">
        {label}
      </span>
      <div className="inline-flex items-center gap-1 self-start rounded-full border border-line bg-surface p-1">
        <StepButton
          label="One gift fewer"
          controls={spinId}
          inactive={disabled || value <= GIFT_QUANTITY_MIN}
          onPress={() => set(decrementGiftQuantity(value))}
        >
          <Minus aria-hidden="true" className="size-5" />
        </StepButton>
        <div
          id={spinId}
          role="spinbutton"
          tabIndex={disabled ? -1 : 0}
          aria-labelledby={labelId}
          aria-valuenow={value}
          aria-valuemin={GIFT_QUANTITY_MIN}
          aria-valuemax={GIFT_QUANTITY_MAX}
          aria-valuetext={`${value} ${value === 1 ? 'gift' : 'gifts'}`}
          aria-disabled={disabled || undefined}
          onKeyDown={onKeyDown}
          className="grid min-h-11 min-w-14 cursor-default place-items-center rounded-lg px-2 text-2xl font-semibold tabular-nums text-ink"
        >
          {value}
        </div>
        <StepButton
          label="One gift more"
          controls={spinId}
          inactive={disabled || value >= GIFT_QUANTITY_MAX}
          onPress={() => set(incrementGiftQuantity(value))}
        >
          <Plus aria-hidden="true" className="size-5" />
        </StepButton>
      </div>
    </div>
  );
}

function StepButton({
  label,
  controls,
  inactive,
  onPress,
  children,
}: {
  label: string;
  controls: string;
  inactive: boolean;
  onPress(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      aria-disabled={inactive || undefined}
      onClick={inactive ? undefined : onPress}
      className="grid size-11 place-items-center rounded-full text-accent transition-colors hover:bg-accent-soft aria-disabled:cursor-not-allowed aria-disabled:text-muted/50 aria-disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}
