import type { ReactNode } from 'react';
import { useFirstScreenTakenOver } from '../lib/first-screen';
import breatheChoice from '../lib/screens/images/breathe-choice.webp';
import breathePause from '../lib/screens/images/breathe-pause.webp';
import feedBlocking from '../lib/screens/images/feed-blocking.webp';
import homeSites from '../lib/screens/images/home-sites.webp';
import phoneUse from '../lib/screens/images/phone-use.webp';

/** The screenshots' own size (375×812 CSS pixels at 2x): set on each image so nothing shifts as it loads. */
const SHOT_WIDTH = 750;
const SHOT_HEIGHT = 1624;

/** Stillpoint's real screens with the demo data (docs/screens.md), by what they show. */
const SHOTS = {
  homeSites,
  breathePause,
  breatheChoice,
  phoneUse,
  feedBlocking,
} as const;

export type ShowcaseScreen = keyof typeof SHOTS;

interface ShowcaseLayoutProps {
  /** The two screens beside the content at desktop widths: the first in front. */
  screens: readonly [ShowcaseScreen, ShowcaseScreen];
  children: ReactNode;
}

/**
 * A standalone page at desktop widths: its content in a readable column on the left, two of the
 * product's own screens on the right. Below `lg` only the content shows, exactly as on a phone.
 * `data-showcase` widens the standalone layout's brand bar and column to match (StandaloneLayout).
 */
export function ShowcaseLayout({ screens: [front, back], children }: ShowcaseLayoutProps) {
  return (
    <div
      data-showcase=""
      className="lg:grid lg:grid-cols-[minmax(0,36rem)_minmax(0,1fr)] lg:items-start lg:gap-12 xl:gap-20"
    >
      <div className="min-w-0">{children}</div>
      {/* Decorative, and display:none below lg, so a lazy image is never fetched on a phone. */}
      <div
        aria-hidden="true"
        data-testid="showcase-screens"
        className="relative mx-auto hidden h-[560px] w-[420px] lg:sticky lg:top-6 lg:mt-10 lg:block"
      >
        <Phone src={SHOTS[back]} className="absolute top-12 right-0 w-[220px]" />
        <Phone src={SHOTS[front]} className="absolute top-0 left-0 w-[244px]" />
      </div>
    </div>
  );
}

function Phone({ src, className }: { src: string; className: string }) {
  // The build draws first screens with Vite's development asset paths, not the hashed ones, so the
  // image joins once the app has taken the drawing over; its box is sized already, so nothing moves.
  const takenOver = useFirstScreenTakenOver();
  return (
    <div
      className={`rounded-[2.25rem] bg-ink px-2 pt-6 pb-2 shadow-[0_24px_48px_-20px_rgb(28_38_40/0.55)] ${className}`}
    >
      <div className="-mt-3.5 mx-auto mb-2 h-1.5 w-14 rounded-full bg-white/20" />
      <div className="aspect-[750/1624] overflow-hidden rounded-[1.6rem] bg-paper">
        {takenOver ? (
          <img
            src={src}
            alt=""
            width={SHOT_WIDTH}
            height={SHOT_HEIGHT}
            loading="lazy"
            decoding="async"
            draggable={false}
            className="block h-auto w-full select-none"
          />
        ) : null}
      </div>
    </div>
  );
}
