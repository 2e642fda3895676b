import type { ReactNode } from 'react';

/** One item of a numbered how-to list (an `<ol>`): the number in a small disc, then the text. */
export function NumberedItem({
  number,
  className = 'text-ink',
  children,
}: {
  number: number;
  /** The item's own look (a card, a colour); the layout stays. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={`flex gap-3 ${className}`}>
      <span
        aria-hidden="true"
        className="grid size-6 shrink-0 place-items-center rounded-full bg-accent-soft text-xs font-semibold text-accent-strong"
      >
        {number}
      </span>
      <span>{children}</span>
    </li>
  );
}
