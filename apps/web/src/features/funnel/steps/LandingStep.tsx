import { marketingClaims } from '@stillpoint/core';
import { Star } from 'lucide-react';
import { brand } from '../../../lib/brand';
import { Button } from '../../../ui/Button';
import { StepLayout } from '../../../ui/StepLayout';

/** LANDING: what Stillpoint does, the figures behind it, and the way in. */
export function LandingStep({ onStart, onSignIn }: { onStart(): void; onSignIn(): void }) {
  return (
    <StepLayout
      title="Take back your attention, one breath at a time"
      lead={`${brand.name} puts a short pause between you and the apps and sites that pull you in. Answer a few questions and get a plan that fits your days.`}
    >
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
        <li className="flex items-center gap-1.5">
          <Star aria-hidden="true" className="size-4 fill-amber-500 text-amber-500" />
          <span>
            <span className="font-semibold text-ink">{marketingClaims.rating}</span> average rating
          </span>
        </li>
        <li>
          <span className="font-semibold text-ink">{marketingClaims.sessionsStoppedCount}</span> sessions
          stopped
        </li>
        <li>
          <span className="font-semibold text-ink">{marketingClaims.minutesSavedShort}</span> saved per day
        </li>
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button onClick={onStart} className="min-h-12 px-8 text-base">
          Get started
        </Button>
        <Button variant="ghost" onClick={onSignIn}>
          I already have an account
        </Button>
      </div>
      <p className="text-sm text-muted">Takes about a minute. No card needed to see your plan.</p>
    </StepLayout>
  );
}
