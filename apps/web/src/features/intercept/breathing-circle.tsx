import {
  BREATHE_IN_ABOVE_SECONDS,
  BREATHING_COUNTDOWN_SECONDS,
  type BreathingPhase,
  QUOTE_BELOW_SECONDS,
} from '@stillpoint/core';
import type { CSSProperties } from 'react';
import '@stillpoint/core/breathing-circle.css';

/** Each animation lasts as long as its phase: 11 → 8 is breathing in (4 s), 7 → 4 breathing out. */
const timing = {
  '--breathe-in-ms': `${(BREATHING_COUNTDOWN_SECONDS - BREATHE_IN_ABOVE_SECONDS) * 1000}ms`,
  '--breathe-out-ms': `${(BREATHE_IN_ABOVE_SECONDS - QUOTE_BELOW_SECONDS + 1) * 1000}ms`,
} as CSSProperties;

const breath: Record<BreathingPhase, 'in' | 'out' | 'rest'> = {
  'breathe in': 'in',
  'breathe out': 'out',
  quote: 'rest',
};

interface BreathingCircleProps {
  phase: BreathingPhase;
  secondsLeft: number;
  /**
   * How long the breathing had already gone on when this page took over (the extension's first
   * screen began it), so breathing in carries on from there. It must stay the same while
   * breathing in: a changed animation-delay makes the circle jump.
   */
  alreadyBreathingMs: number;
}

/**
 * The circle's timing; while breathing in, a negative delay starts the animation as far along as
 * the breathing already is. Breathing out and resting begin with their phase, so need none. None
 * either for a pause that begins now: the page drawn at build time is drawn that way, and the
 * server sets the delay of its circle for a pause already under way (breathing-circle.css).
 */
function circleStyle(breath: 'in' | 'out' | 'rest', alreadyBreathingMs: number): CSSProperties {
  return breath === 'in' && alreadyBreathingMs > 0
    ? { ...timing, animationDelay: `-${alreadyBreathingMs}ms` }
    : timing;
}

/** Once the countdown is over the circle settles smaller, making room for the choice. */
const size = (settled: boolean) => (settled ? 'size-32 sm:size-36' : 'size-64 sm:size-72');

/**
 * The circle to breathe along with, the words for the phase (announced as they change) and the
 * seconds left (shown, not announced: a screen reader hearing every second would be no pause).
 */
export function BreathingCircle({ phase, secondsLeft, alreadyBreathingMs }: BreathingCircleProps) {
  return (
    <div
      className={`relative grid shrink-0 place-items-center transition-[width,height] duration-1000 ease-in-out motion-reduce:transition-none ${size(secondsLeft === 0)}`}
    >
      <div aria-hidden="true" className="absolute inset-0 rounded-full border border-accent/15" />
      <div
        aria-hidden="true"
        data-breath={breath[phase]}
        style={circleStyle(breath[phase], alreadyBreathingMs)}
        className="breathe-circle absolute inset-0 rounded-full bg-[radial-gradient(circle_at_50%_40%,var(--color-accent-soft),color-mix(in_oklab,var(--color-accent)_22%,var(--color-accent-soft)))] shadow-[0_0_60px_-10px_color-mix(in_oklab,var(--color-accent)_35%,transparent)]"
      />
      <div className="relative flex flex-col items-center gap-1 text-center">
        <p
          aria-live="polite"
          aria-atomic="true"
          className="text-xl font-medium tracking-wide text-accent-strong sm:text-2xl"
        >
          {phase === 'quote' ? '' : phase}
        </p>
        <p
          aria-hidden="true"
          data-testid="seconds-left"
          className="text-sm tabular-nums text-accent-strong/70"
        >
          {secondsLeft > 0 ? secondsLeft : ''}
        </p>
      </div>
    </div>
  );
}
