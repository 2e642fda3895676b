import { Star } from 'lucide-react';
import { brand } from '../../../lib/brand';
import { FigureSourceNote } from '../../../lib/proof/figure-source-note';
import { useBackedFigures } from '../../../lib/proof/proof-figures';
import { Button } from '../../../ui/button';
import { StepLayout } from '../../../ui/step-layout';

/** LANDING: what Stillpoint does, the way in, and Stillpoint's own figures once the server backs any. */
export function LandingStep({ onStart, onSignIn }: { onStart(): void; onSignIn(): void }) {
  // Only Stillpoint's own: a store rating and the pauses it counted. On a new server there are none,
  // and the page is whole without them; they come below the way in, so nothing moves when they do.
  const figures = useBackedFigures(['storeRating', 'pausesTaken']);
  return (
    <StepLayout
      title="Take back your attention, one breath at a time"
      lead={`${brand.name} puts a short pause between you and the apps and sites that pull you in. Answer a few questions and get a plan that fits your days.`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button onClick={onStart} className="min-h-12 px-8 text-base">
          Get started
        </Button>
        <Button variant="ghost" onClick={onSignIn}>
          I already have an account
        </Button>
      </div>
      <p className="text-sm text-muted">Takes about a minute. No card needed to see your plan.</p>
      {figures.length > 0 ? (
        <ul aria-label={`${brand.name} in numbers`} className="flex flex-col gap-2 text-sm text-muted">
          {figures.map((figure) => (
            <li key={figure.id} data-figure={figure.id} className="flex flex-wrap items-center gap-x-1.5">
              {figure.id === 'storeRating' ? (
                <Star aria-hidden="true" className="size-4 fill-amber-500 text-amber-500" />
              ) : null}
              <span>
                {figure.id === 'storeRating' ? (
                  <span className="sr-only">Rated {figure.figure} out of 5: </span>
                ) : null}
                <span className="font-semibold text-ink">{figure.figure}</span> {figure.text}
              </span>
              <FigureSourceNote source={figure.source} />
            </li>
          ))}
        </ul>
      ) : null}
    </StepLayout>
  );
}
