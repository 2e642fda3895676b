import { formatPhoneUse, type InsightFigures } from '@stillpoint/core';

/** The week's four figures, side by side from 640 px, two by two below. */
export function WeekTotals({ figures }: { figures: InsightFigures }) {
  const totals: [string, string][] = [
    ['Pauses', String(figures.attempts)],
    ['Turned back', String(figures.turnedBack)],
    ['Sessions', String(figures.sessions)],
    ['Minutes used', formatPhoneUse(figures.minutesUsed)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {totals.map(([label, value]) => (
        <div key={label} className="flex flex-col-reverse gap-0.5 rounded-xl bg-paper px-3.5 py-3">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-xl font-semibold text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
