import { useCallback, useEffect, useState } from 'react';

/**
 * The current time in ms, re-read every `intervalMs` while `enabled` (and on demand with the
 * returned refresh), so countdowns re-render on a steady beat instead of every frame.
 */
export function useNow(intervalMs: number, enabled = true): [now: number, refresh: () => void] {
  const [now, setNow] = useState(() => Date.now());
  const refresh = useCallback(() => setNow(Date.now()), []);
  useEffect(() => {
    if (!enabled) return;
    refresh();
    const timer = setInterval(refresh, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled, refresh]);
  return [now, refresh];
}
