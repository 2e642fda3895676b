import { useEffect, useState } from 'react';

/** Counts whole steps down from `from` to 0, one every `stepMs`, then stops. */
export function useCountdown(from: number, stepMs = 1000): number {
  const [left, setLeft] = useState(from);
  const done = left <= 0;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setLeft((current) => Math.max(0, current - 1)), stepMs);
    return () => clearInterval(timer);
  }, [done, stepMs]);
  return left;
}
