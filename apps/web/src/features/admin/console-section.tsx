import { type ReactNode, useId } from 'react';

interface ConsoleSectionProps {
  heading: string;
  /** Buttons beside the heading, e.g. the section's action. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled part of a console page, named by its heading for screen readers' landmarks. */
export function ConsoleSection({ heading, actions, children }: ConsoleSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {heading}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** What a section shows when it has nothing to list. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-line px-4 py-3 text-sm text-muted">{children}</p>
  );
}
