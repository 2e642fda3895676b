import type { InsightDay } from '@stillpoint/core';
import { weekdayLabel } from './insight-days';

/** Drawing units: one 100-wide slot per day, bars along a baseline near the bottom. */
const SLOT = 100;
const BAR = 46;
const HEIGHT = 120;
const BASELINE = HEIGHT - 1;
const TOP = 6;
/** A day without data is a dashed outline this tall: clearly a gap, never a short bar. */
const EMPTY_HEIGHT = 44;
/** Between the turned-back part and the rest of a bar, so the two never read as one. */
const GAP = 3;

/**
 * Pauses that did not end in turning back. Not a theme colour: a lighter teal beside the accent
 * that still keeps 3.4:1 against the card's white (graphics need 3:1).
 */
const OTHER_PAUSES_FILL = 'fill-[#5f938e]';

interface PausesChartProps {
  /** Oldest first, ending today. */
  days: readonly InsightDay[];
  today: number;
}

/**
 * The week as bars: one per day, as tall as its pauses, the turned-back part in the accent at
 * the bottom. A day with nothing recorded is a dashed outline. Drawn for the eye only: the same
 * figures are in the table beside it, which is what screen readers read.
 */
export function PausesChart({ days, today }: PausesChartProps) {
  const most = Math.max(1, ...days.map((day) => day.figures?.attempts ?? 0));
  const scale = (count: number) => (count / most) * (BASELINE - TOP);

  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${SLOT * days.length} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full overflow-visible"
      >
        <title>Pauses by day</title>
        {days.map((day, index) => {
          const x = index * SLOT + (SLOT - BAR) / 2;
          const figures = day.figures;
          if (figures === null) {
            return (
              <g key={day.userDay} data-day={day.userDay} data-state="no-data">
                <rect
                  x={x + 1}
                  y={BASELINE - EMPTY_HEIGHT}
                  width={BAR - 2}
                  height={EMPTY_HEIGHT - 1}
                  rx={6}
                  className="fill-none stroke-muted"
                  strokeWidth={1.5}
                  strokeDasharray="5 4"
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            );
          }
          const turnedBack = Math.min(figures.turnedBack, figures.attempts);
          const backHeight = scale(turnedBack);
          const otherHeight = scale(figures.attempts - turnedBack);
          return (
            <g key={day.userDay} data-day={day.userDay} data-state="figures">
              {backHeight > 0 ? (
                <rect
                  data-part="turned-back"
                  x={x}
                  y={BASELINE - backHeight}
                  width={BAR}
                  height={backHeight}
                  className="fill-accent"
                />
              ) : null}
              {otherHeight > 0 ? (
                <rect
                  data-part="other"
                  x={x}
                  y={BASELINE - backHeight - otherHeight}
                  width={BAR}
                  height={Math.max(0, otherHeight - (backHeight > 0 ? GAP : 0))}
                  className={OTHER_PAUSES_FILL}
                />
              ) : null}
            </g>
          );
        })}
        <line
          x1={0}
          x2={SLOT * days.length}
          y1={BASELINE + 0.5}
          y2={BASELINE + 0.5}
          className="stroke-muted"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      </svg>

      <ol
        className="grid text-center text-xs"
        style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
      >
        {days.map((day) => (
          <li key={day.userDay} className="flex flex-col items-center gap-0.5">
            <span className="font-semibold text-ink tabular-nums">
              {day.figures ? day.figures.attempts : '–'}
            </span>
            <span
              className={
                day.userDay === today
                  ? 'border-b-2 border-accent font-semibold text-accent-strong'
                  : 'border-b-2 border-transparent text-muted'
              }
            >
              {weekdayLabel(day.userDay)}
            </span>
          </li>
        ))}
      </ol>

      <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted">
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-accent" />
          Turned back
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-[#5f938e]" />
          Other pauses
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm border border-dashed border-muted" />
          No data
        </li>
      </ul>
    </div>
  );
}
