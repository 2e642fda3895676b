import { formatPhoneUse, type InsightDay, type InsightFigures } from '@stillpoint/core';
import { dateLabel } from './insight-days';

interface PausesTableProps {
  /** Oldest first, ending today. */
  days: readonly InsightDay[];
  total: InsightFigures;
  today: number;
  /** Hidden from the eye (while the chart shows), still read by screen readers. */
  visuallyHidden: boolean;
}

const cell = 'px-3 py-2 text-right tabular-nums';

/** The chart's figures as a table: what screen readers read, and anyone who prefers numbers. */
export function PausesTable({ days, total, today, visuallyHidden }: PausesTableProps) {
  return (
    <div className={visuallyHidden ? 'sr-only' : '-mx-1 overflow-x-auto'}>
      <table className="w-full border-collapse text-sm text-ink">
        <caption className="sr-only">Pauses in the last 7 days, by day</caption>
        <thead>
          <tr className="border-b border-line text-xs text-muted">
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Day
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Pauses
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Turned back
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Sessions
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Minutes used
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.userDay} className="border-b border-line/70">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {dateLabel(day.userDay)}
                {day.userDay === today ? ' (today)' : ''}
              </th>
              {day.figures ? (
                <FigureCells figures={day.figures} />
              ) : (
                <td colSpan={4} className="px-3 py-2 text-right text-muted">
                  No data
                </td>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className="px-3 py-2 text-left">
              This week
            </th>
            <FigureCells figures={total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function FigureCells({ figures }: { figures: InsightFigures }) {
  return (
    <>
      <td className={cell}>{figures.attempts}</td>
      <td className={cell}>{figures.turnedBack}</td>
      <td className={cell}>{figures.sessions}</td>
      <td className={cell}>{formatPhoneUse(figures.minutesUsed)}</td>
    </>
  );
}
