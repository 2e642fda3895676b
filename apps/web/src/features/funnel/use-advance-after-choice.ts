import { FUNNEL_ADVANCE_DELAY_MS } from '@stillpoint/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A single-choice step moves on FUNNEL_ADVANCE_DELAY_MS after the choice (SPEC §4), long enough
 * to see the choice land. Choices made during the wait are ignored, so a double tap counts once.
 */
export function useAdvanceAfterChoice(next: () => void): {
  pending: boolean;
  choose(record: () => void): void;
} {
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestNext = useRef(next);
  latestNext.current = next;
  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = useCallback(
    (record: () => void) => {
      if (pending) return;
      record();
      setPending(true);
      timer.current = setTimeout(() => latestNext.current(), FUNNEL_ADVANCE_DELAY_MS);
    },
    [pending],
  );
  return { pending, choose };
}
