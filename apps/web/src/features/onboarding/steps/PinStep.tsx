import { PIN_FINISH_DELAY_MS } from '@stillpoint/core';
import { type LucideIcon, Pin, Puzzle } from 'lucide-react';
import { brand } from '../../../lib/brand';
import { SiteAccessNotice } from '../../../lib/siteAccess/SiteAccessNotice';
import { useSites } from '../../../lib/sites/sitesQuery';
import { Button } from '../../../ui/Button';
import { StepLayout } from '../../../ui/StepLayout';
import { useDelayedReveal } from '../useDelayedReveal';

/**
 * PIN_EXTENSION: how to pin the extension; Finish appears after PIN_FINISH_DELAY_MS (SPEC §4).
 * Where the extension asks for access site by site (decision 045), the sites just chosen that this
 * browser has not granted yet are listed above, with the one click that grants them.
 */
export function PinStep({ onFinish }: { onFinish(): void }) {
  const canFinish = useDelayedReveal(PIN_FINISH_DELAY_MS);
  const sites = useSites();
  return (
    <StepLayout
      title={`Pin ${brand.name} to your toolbar`}
      lead="So today's sites and sessions are one click away."
      actions={canFinish ? <Button onClick={onFinish}>Finish</Button> : null}
    >
      {sites.data ? <SiteAccessNotice sites={sites.data} /> : null}
      <ol className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 text-sm text-ink">
        <li className="flex items-center gap-3">
          <StepNumber n={1} />
          <span>
            Click the puzzle piece <ToolbarGlyph icon={Puzzle} /> at the top right of Chrome.
          </span>
        </li>
        <li className="flex items-center gap-3">
          <StepNumber n={2} />
          <span>
            Find {brand.name} and click the pin <ToolbarGlyph icon={Pin} /> next to it.
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

/**
 * A glyph inline with the text, the shape Chrome shows in its toolbar (puzzle piece, pin). Inline,
 * not a flex item, so a narrow screen wraps the sentence around it instead of splitting it into columns.
 */
function ToolbarGlyph({ icon: Icon }: { icon: LucideIcon }) {
  return <Icon aria-hidden="true" className="inline-block size-5 align-text-bottom text-muted" />;
}
