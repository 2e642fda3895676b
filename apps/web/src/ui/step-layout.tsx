import { type ReactNode, useEffect, useRef } from 'react';

interface StepLayoutProps {
  title: string;
  /** A line under the title. */
  lead?: ReactNode;
  children?: ReactNode;
  /** The step's buttons, kept at the bottom. */
  actions?: ReactNode;
}

/**
 * One onboarding step: its title is the page's h1 and takes focus when the step appears, so a
 * screen reader announces each new step and keyboard users start from the top of it.
 */
export function StepLayout({ title, lead, children, actions }: StepLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: false });
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-balance text-2xl font-semibold tracking-tight text-ink outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {lead ? <p className="text-base text-muted">{lead}</p> : null}
      </div>
      {children}
      {actions ? (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
      ) : null}
    </div>
  );
}
