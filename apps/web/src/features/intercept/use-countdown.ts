import { useEffect, useState } from 'react';

interface CountdownOptions {
  /**
   * When the countdown began (epoch ms), which may be before this page, on another screen.
   * Default: mount. Keep it the same across renders: a new value moves the countdown.
   */
  startedAt?: number;
  stepMs?: number;
}

/** Whole steps left at `now`: never more than `from` (a start still to come), never below 0. */
function stepsLeft(from: number, startedAt: number, stepMs: number, now: number): number {
  return Math.min(from, Math.max(0, from - Math.floor((now - startedAt) / stepMs)));
}

/**
 * Counts whole steps down from `from` to 0, one every `stepMs` counted from `startedAt`, then
 * stops. Each tick is timed to the next step boundary rather than by an interval, so late timers
 * do not add up and a countdown carried over from another screen changes when that one would have.
 */
export function useCountdown(from: number, { startedAt, stepMs = 1000 }: CountdownOptions = {}): number {
  const [mountedAt] = useState(Date.now);
  const start = startedAt ?? mountedAt;
  const [left, setLeft] = useState(() => stepsLeft(from, start, stepMs, Date.now()));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      const steps = stepsLeft(from, start, stepMs, now);
      setLeft(steps);
      if (steps === 0) return;
      // To the next boundary; a timer that fires a little early just waits the rest.
      const intoStep = (((now - start) % stepMs) + stepMs) % stepMs;
      timer = setTimeout(tick, stepMs - intoStep);
    };
    tick();
    return () => clearTimeout(timer);
  }, [from, start, stepMs]);

  return left;
}
