import { useEffect, useState } from 'react';

/** True once `delayMs` has passed since mount (at once for 0): for buttons SPEC §4 holds back. */
export function useDelayedReveal(delayMs: number): boolean {
  const [revealed, setRevealed] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setRevealed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return revealed;
}
