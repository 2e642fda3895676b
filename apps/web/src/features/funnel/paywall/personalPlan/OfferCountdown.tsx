import { formatCountdown, OFFER_COUNTDOWN_SECONDS } from '@stillpoint/core';
import { Clock } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

const TICK_MS = 1000;

/**
 * Seconds left of the offer, from `seconds` when first shown, down by one each second and stopping
 * at 0. Counted against the clock, so a tab that was in the background shows the true time left.
 */
export function useOfferCountdown(seconds: number = OFFER_COUNTDOWN_SECONDS): number {
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(deadline));
  const done = secondsLeft === 0;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setSecondsLeft(secondsUntil(deadline)), TICK_MS);
    return () => clearInterval(timer);
  }, [deadline, done]);

  return secondsLeft;
}

const secondsUntil = (deadline: number): number => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * 'Offer ends in 00:59:59' (SPEC §2, §9: from 3599 s, hh:mm:ss). A timer role, which screen
 * readers do not announce on each change: the time is read when the person reaches it.
 */
export function OfferCountdown({ seconds = OFFER_COUNTDOWN_SECONDS }: { seconds?: number }) {
  const secondsLeft = useOfferCountdown(seconds);
  const labelId = useId();
  const text = formatCountdown(secondsLeft);
  return (
    <p className="flex items-center justify-center gap-2 rounded-full bg-accent-soft px-4 py-2 text-sm font-medium text-accent-strong">
      <Clock aria-hidden="true" className="size-4 shrink-0" strokeWidth={2.25} />
      <span id={labelId}>Offer ends in</span>
      <span role="timer" aria-labelledby={labelId} className="font-semibold tabular-nums">
        {text}
      </span>
    </p>
  );
}
