import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
} from 'react';
import breatheChoice from './images/breathe-choice.webp';
import breathePause from './images/breathe-pause.webp';
import feedBlocking from './images/feed-blocking.webp';
import homeSites from './images/home-sites.webp';
import phoneUse from './images/phone-use.webp';

/** The screenshots' own size (375×812 CSS pixels at 2x): set on every image so nothing shifts as they load. */
const SHOT_WIDTH = 750;
const SHOT_HEIGHT = 1624;

/**
 * Stillpoint's real screens with the demo data, made by scripts/screens.mjs (docs/screens.md).
 * `title` names the screen on its dot and under the phone; `alt` says what it shows.
 */
export const SCREENS = [
  {
    src: homeSites,
    title: 'Sites and budgets',
    alt: 'Stillpoint home screen: the sites it intercepts, each with its uses today against a daily budget, and a session running on YouTube.',
  },
  {
    src: breathePause,
    title: 'A breath first',
    alt: 'The pause before YouTube opens: a slow breathing circle that says breathe in.',
  },
  {
    src: breatheChoice,
    title: 'A quote, then a choice',
    alt: "After the breath: a quote about attention, today's sessions left for YouTube, and the choice between nevermind and use site.",
  },
  {
    src: phoneUse,
    title: 'Your phone use',
    alt: "Phone use today: screen time, a day streak, and each app's opens against its budget, with Instagram over its limit.",
  },
  {
    src: feedBlocking,
    title: 'Feeds blocked',
    alt: 'Feed blocking: switches that hide the feeds of Facebook, YouTube, X, LinkedIn, Instagram and Reddit.',
  },
] as const;

const CAROUSEL_OPTIONS = { loop: true, duration: 24 } as const;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;

/** Whether the person asked for less motion: the carousel then jumps instead of sliding. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, () => false);
}

interface ScreenCarouselProps {
  className?: string;
}

/**
 * Five screenshots of Stillpoint in a phone frame, cycled left and right with wraparound (SPEC §2
 * personal-plan paywall). Previous/next buttons, one dot per screen, and the arrow keys while any
 * part of it has focus; the screen's name is announced after each move.
 */
export function ScreenCarousel({ className = '' }: ScreenCarouselProps) {
  const [viewportRef, embla] = useEmblaCarousel(CAROUSEL_OPTIONS);
  const [selected, setSelected] = useState(0);
  const reducedMotion = useReducedMotion();
  const slidesId = useId();

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const previous = useCallback(() => embla?.scrollPrev(reducedMotion), [embla, reducedMotion]);
  const next = useCallback(() => embla?.scrollNext(reducedMotion), [embla, reducedMotion]);
  const goTo = useCallback((index: number) => embla?.scrollTo(index, reducedMotion), [embla, reducedMotion]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowLeft':
        previous();
        break;
      case 'ArrowRight':
        next();
        break;
      case 'Home':
        goTo(0);
        break;
      case 'End':
        goTo(SCREENS.length - 1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const current = SCREENS[selected] ?? SCREENS[0];

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Stillpoint screens"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel itself takes focus, so the arrow keys move it (APG carousel pattern).
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={`flex flex-col items-center gap-4 rounded-3xl p-2 ${className}`.trim()}
    >
      {/* The phone: a dark bezel with a speaker slot above the screen. */}
      <div className="w-[232px] rounded-[2.25rem] bg-ink px-2 pt-6 pb-2 shadow-[0_24px_48px_-20px_rgb(28_38_40/0.55)] sm:w-[264px]">
        <div aria-hidden="true" className="-mt-3.5 mx-auto mb-2 h-1.5 w-14 rounded-full bg-white/20" />
        <div ref={viewportRef} className="overflow-hidden rounded-[1.6rem] bg-paper">
          <div id={slidesId} className="flex touch-pan-y">
            {SCREENS.map((screen, index) => (
              // biome-ignore lint/a11y/useSemanticElements: a slide is a group of the APG carousel pattern, not a form's fieldset.
              <div
                key={screen.src}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${SCREENS.length}`}
                className="min-w-0 shrink-0 grow-0 basis-full"
              >
                <img
                  src={screen.src}
                  alt={screen.alt}
                  width={SHOT_WIDTH}
                  height={SHOT_HEIGHT}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  draggable={false}
                  className="block h-auto w-full select-none"
                />
              </div>
            ))}
          </div>
        </div>
      </div>

      <p aria-live="polite" aria-atomic="true" className="min-h-5 text-sm font-medium text-muted">
        <span className="sr-only">
          Screen {selected + 1} of {SCREENS.length}:{' '}
        </span>
        {current.title}
      </p>

      <div className="flex items-center gap-2">
        <CarouselButton label="Previous screen" controls={slidesId} onClick={previous}>
          <ChevronLeft aria-hidden="true" className="size-5" strokeWidth={2.25} />
        </CarouselButton>
        <ul className="flex items-center">
          {SCREENS.map((screen, index) => (
            <li key={screen.src}>
              <button
                type="button"
                aria-controls={slidesId}
                aria-current={index === selected ? 'true' : undefined}
                aria-label={`Screen ${index + 1}: ${screen.title}`}
                onClick={() => goTo(index)}
                className="group grid size-7 place-items-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2 rounded-full transition-all motion-reduce:transition-none ${
                    index === selected ? 'w-5 bg-accent' : 'w-2 bg-line group-hover:bg-muted'
                  }`}
                />
              </button>
            </li>
          ))}
        </ul>
        <CarouselButton label="Next screen" controls={slidesId} onClick={next}>
          <ChevronRight aria-hidden="true" className="size-5" strokeWidth={2.25} />
        </CarouselButton>
      </div>
    </section>
  );
}

interface CarouselButtonProps {
  label: string;
  controls: string;
  onClick(): void;
  children: ReactNode;
}

function CarouselButton({ label, controls, onClick, children }: CarouselButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      onClick={onClick}
      className="grid size-11 place-items-center rounded-full border border-line bg-surface text-ink transition-colors hover:border-accent hover:text-accent"
    >
      {children}
    </button>
  );
}
