import type { RedeemStep } from '@stillpoint/core';
import { Check } from 'lucide-react';

const steps = ['Your gift', 'Your code', 'Done'] as const;

/** Where the person is in SPEC §4's redeem flow (0 → 1 → 2), the current step marked for screen readers. */
export function RedeemProgress({ step }: { step: RedeemStep }) {
  return (
    <ol aria-label="Redeem steps" className="grid grid-cols-3 gap-2">
      {steps.map((label, index) => {
        const done = index < step;
        const current = index === step;
        return (
          <li
            key={label}
            aria-current={current ? 'step' : undefined}
            className="flex flex-col gap-1.5 text-xs font-medium sm:text-sm"
          >
            <span
              aria-hidden="true"
              className={`h-1.5 rounded-full ${done || current ? 'bg-accent' : 'bg-line'}`}
            />
            <span className={`flex items-center gap-1 ${current ? 'text-ink' : 'text-muted'}`}>
              {done ? <Check aria-hidden="true" className="size-3.5 text-accent" /> : null}
              {label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
