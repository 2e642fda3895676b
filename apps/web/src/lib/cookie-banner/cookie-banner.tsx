import { LEGAL_PATHS } from '@stillpoint/core';
import { ExternalLink, X } from 'lucide-react';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../ui/button';
import { track } from '../analytics/track';
import { brand } from '../brand';
import {
  type ConsentChoice,
  closeCookieSettings,
  cookieSettingsOpener,
  setConsent,
} from '../consent/consent';

/** Set on <html> while the banner shows: its height, for anything fixed to the bottom edge to sit above. */
export const COOKIE_BANNER_HEIGHT_VAR = '--cookie-banner-height';

/** What the reopened banner says the visitor's choice does now. */
export type CookieSettingsState = 'on' | 'off';

interface CookieBannerProps {
  /**
   * Reopened from Cookie settings, saying whether tracking is on now: focus moves into it, it can
   * be closed without a change (Close, Escape), and focus goes back to what opened it. Without
   * it, the banner asks a visitor who has not chosen yet.
   */
  settings?: CookieSettingsState;
}

/**
 * The cookie banner (SPEC §2): Accept, Reject and the privacy policy. Not a modal: a labelled
 * region at the bottom edge that blocks nothing, first in the document so a keyboard reaches it
 * with the first Tab. Asking for the first time it takes no focus; reopened from Cookie settings,
 * which the visitor asked for, it does. The page gets room below its content for the banner's
 * height, so whatever ends the page can still be scrolled clear of it.
 */
export function CookieBanner({ settings }: CookieBannerProps) {
  const container = useBannerContainer();
  const textId = useId();
  const region = useRef<HTMLElement>(null);
  // Where focus was before it came into the banner, to return it there once the banner has gone.
  const focusBefore = useRef<HTMLElement | null>(null);
  const reopened = settings !== undefined;

  useReservedSpace(region, container);

  // Reopened on request: focus moves in, so a keyboard or screen reader is where the choice is.
  useEffect(() => {
    if (reopened && container) region.current?.focus({ preventScroll: true });
  }, [reopened, container]);

  const returnFocus = (to: HTMLElement | null) => {
    if (to?.isConnected) to.focus({ preventScroll: true });
  };

  const close = () => {
    const opener = cookieSettingsOpener();
    closeCookieSettings();
    returnFocus(opener);
  };

  const choose = (choice: ConsentChoice, event: MouseEvent<HTMLButtonElement>) => {
    const returnTo = focusBefore.current;
    // A withdrawal applies from this moment: lib/consent drops what waits and postTracking checks
    // again before each request, so nothing raised before it leaves after it.
    setConsent(choice);
    // Recorded after the choice is stored, so that the rule lets it through.
    if (choice === 'granted') track('cookieConsent', { choice });
    if (reopened) {
      close();
      return;
    }
    // Pressed from the keyboard (a click with no pointer has detail 0): the banner is about to go,
    // so focus goes back to where the person was rather than to the top of the page.
    if (event.detail === 0) returnFocus(returnTo);
  };

  const rememberFocus = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) focusBefore.current = from;
  };

  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (reopened && event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  if (!container) return null;
  return createPortal(
    <section
      ref={region}
      aria-label="Cookie consent"
      aria-describedby={textId}
      tabIndex={reopened ? -1 : undefined}
      onFocus={rememberFocus}
      onKeyDown={closeOnEscape}
      className="group pointer-events-none fixed inset-x-0 bottom-0 z-35 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] outline-none motion-safe:animate-step-in sm:px-4 sm:pb-4"
    >
      <div className="pointer-events-auto relative mx-auto flex max-w-2xl flex-col gap-3 rounded-2xl border border-line bg-surface p-4 group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-accent shadow-[0_10px_40px_-12px_rgb(28_38_40/0.35)] sm:flex-row sm:items-center sm:gap-5">
        <p id={textId} className={`text-sm text-ink ${reopened ? 'pr-8 sm:pr-0' : ''}`}>
          {brand.name} uses cookies to understand how the site is used and to measure our ads.{' '}
          {settings === undefined ? null : (
            <>
              <strong className="font-semibold">
                {settings === 'on' ? 'This is on now.' : 'This is off now.'}
              </strong>{' '}
            </>
          )}
          <a
            href={LEGAL_PATHS.privacy}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 whitespace-nowrap font-medium text-accent underline underline-offset-4 hover:text-accent-strong"
          >
            Privacy policy
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
        {/* Equal buttons: saying no is as easy as saying yes. */}
        <div className={`flex shrink-0 gap-2 ${reopened ? 'sm:pr-9' : ''}`}>
          <Button className="flex-1 sm:min-w-24" onClick={(event) => choose('denied', event)}>
            Reject
          </Button>
          <Button className="flex-1 sm:min-w-24" onClick={(event) => choose('granted', event)}>
            Accept
          </Button>
        </div>
        {reopened ? (
          <button
            type="button"
            onClick={close}
            aria-label="Close cookie settings"
            className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-accent-soft hover:text-ink sm:top-1/2 sm:-translate-y-1/2"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        ) : null}
      </div>
    </section>,
    container,
  );
}

/**
 * A container first in <body>, ahead of the app's root, so the banner comes first in the tab
 * order and to screen readers, whatever page is open.
 */
function useBannerContainer(): HTMLElement | null {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    document.body.prepend(element);
    setContainer(element);
    return () => element.remove();
  }, []);
  return container;
}

/**
 * Keeps room below the page's content for the banner, and publishes its height, while it shows.
 * Padding at the bottom moves nothing already on screen, so the page does not jump.
 */
function useReservedSpace(region: RefObject<HTMLElement | null>, container: HTMLElement | null): void {
  useLayoutEffect(() => {
    const element = region.current;
    if (!container || !element) return;
    const root = document.documentElement;
    const before = document.body.style.paddingBottom;
    const reserve = () => {
      const height = `${Math.ceil(element.getBoundingClientRect().height)}px`;
      document.body.style.paddingBottom = height;
      root.style.setProperty(COOKIE_BANNER_HEIGHT_VAR, height);
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      document.body.style.paddingBottom = before;
      root.style.removeProperty(COOKIE_BANNER_HEIGHT_VAR);
    };
  }, [region, container]);
}
