import type { ReactNode } from 'react';

/**
 * A table, named by its caption, that scrolls sideways on a narrow screen rather than squeezing
 * its columns (browsers let the keyboard focus a scrolling box that holds nothing focusable).
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // relative: the hidden column names (sr-only, positioned) stay inside the scrolling box.
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

/** A column heading's cell style. */
export const headCell = 'whitespace-nowrap bg-paper px-4 py-2.5 text-xs font-semibold text-muted';
/** A data cell's style. */
export const cell = 'border-t border-line px-4 py-3 align-top text-ink';
