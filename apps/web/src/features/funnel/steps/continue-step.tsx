import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { StepLayout } from '../../../ui/step-layout';

/** A funnel step that tells rather than asks, and moves on with Continue. */
export function ContinueStep({
  title,
  lead,
  children,
  next,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  next(): void;
}) {
  return (
    <StepLayout
      title={title}
      lead={lead}
      actions={
        <Button onClick={next} className="min-h-12 px-8 text-base">
          Continue
        </Button>
      }
    >
      {children}
    </StepLayout>
  );
}
