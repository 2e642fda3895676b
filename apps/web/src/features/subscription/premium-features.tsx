import { PREMIUM_FEATURES } from '@stillpoint/core';
import { Check } from 'lucide-react';
import { useId } from 'react';

/** The upgrade card's "What you get": core's list of what Stillpoint does (PREMIUM_FEATURES). */
export function PremiumFeatures() {
  const headingId = useId();
  return (
    <div className="flex flex-col gap-4">
      <h3 id={headingId} className="text-sm font-semibold tracking-wide text-muted uppercase">
        What you get
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col gap-4">
        {PREMIUM_FEATURES.map((feature) => (
          <li key={feature.title} className="flex gap-3">
            <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
              <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
            </span>
            <span className="flex flex-col gap-0.5">
              <span className="font-semibold text-ink">{feature.title}</span>
              <span className="text-sm text-muted">{feature.description}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
