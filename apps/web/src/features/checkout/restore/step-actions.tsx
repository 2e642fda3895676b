import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';

/** A step's buttons: Back on the left, the step's own on the right (stacked on a phone, own first). */
export function StepActions({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
      {onBack ? (
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
      ) : (
        <span />
      )}
      <div className="flex flex-col gap-3 sm:flex-row">{children}</div>
    </div>
  );
}
