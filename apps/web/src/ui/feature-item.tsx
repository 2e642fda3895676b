import type { ReactNode } from 'react';

/**
 * One point of a list of what Stillpoint does (an `<ul>`), in a card: an icon, a short title and a
 * line. `row` puts the icon beside the text (a narrow list), `column` above it (a grid of cards).
 */
export function FeatureItem({
  icon,
  title,
  layout = 'row',
  children,
}: {
  icon: ReactNode;
  title: string;
  layout?: 'row' | 'column';
  children: ReactNode;
}) {
  const iconBox = (
    <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent">
      {icon}
    </span>
  );
  if (layout === 'column') {
    return (
      <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
        {iconBox}
        <h3 className="font-semibold text-ink">{title}</h3>
        <p className="text-sm text-muted">{children}</p>
      </li>
    );
  }
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-surface p-4">
      {iconBox}
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="font-semibold text-ink">{title}</h3>
        <p className="text-sm text-muted">{children}</p>
      </div>
    </li>
  );
}
