import { useCallback, useEffect, useState } from 'react';

/**
 * The current time in ms, re-read every `intervalMs` (and on demand with the returned refresh),
 * so countdowns re-render on a steady beat instead of every frame.
 */
export function useNow(intervalMs: number): [now: number, refresh: () => void] {
  const [now, setNow] = useState(() => Date.now());
  const refresh = useCallback(() => setNow(Date.now()), []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, refresh]);
  return [now, refresh];
}
