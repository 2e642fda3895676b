import { PIN_FINISH_DELAY_MS } from '@stillpoint/core';
import { brand } from '../../../lib/brand';
import { Button } from '../../../ui/Button';
import { StepLayout } from '../StepLayout';
import { useDelayedReveal } from '../useDelayedReveal';

/** PIN_EXTENSION: how to pin the extension; Finish appears after PIN_FINISH_DELAY_MS (SPEC §4). */
export function PinStep({ onFinish }: { onFinish(): void }) {
  const canFinish = useDelayedReveal(PIN_FINISH_DELAY_MS);
  return (
    <StepLayout
      title={`Pin ${brand.name} to your toolbar`}
      lead="So today's sites and sessions are one click away."
      actions={canFinish ? <Button onClick={onFinish}>Finish</Button> : null}
    >
      <ol className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 text-sm text-ink">
        <li className="flex items-center gap-3">
          <StepNumber n={1} />
          <span className="flex items-center gap-2">
            Click the puzzle piece <ToolbarGlyph path={PUZZLE_PATH} /> at the top right of Chrome.
          </span>
        </li>
        <li className="flex items-center gap-3">
          <StepNumber n={2} />
          <span className="flex items-center gap-2">
            Find {brand.name} and click the pin <ToolbarGlyph path={PIN_PATH} /> next to it.
          </span>
        </li>
      </ol>
    </StepLayout>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent-strong">
      {n}
    </span>
  );
}

/** A small outline glyph drawn inline with the text, as Chrome draws it in its toolbar. */
function ToolbarGlyph({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5 shrink-0 text-muted"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

const PUZZLE_PATH =
  'M10 4a2 2 0 1 1 4 0v2h4v4h-2a2 2 0 1 0 0 4h2v4h-4v-2a2 2 0 1 0-4 0v2H6v-4h2a2 2 0 1 0 0-4H6V6h4z';
const PIN_PATH = 'M9 4h6l-1 6 3 3H7l3-3zM12 13v7';
