import { ExternalLink } from 'lucide-react';
import {
  type FocusEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../ui/Button';
import { track } from '../analytics';
import { useAppLinks } from '../appLinks';
import { brand } from '../brand';
import { type ConsentChoice, setConsent } from '../consent';

/** Set on <html> while the banner shows: its height, for anything fixed to the bottom edge to sit above. */
export const COOKIE_BANNER_HEIGHT_VAR = '--cookie-banner-height';

/**
 * The cookie banner (SPEC §2): Accept, Reject and the privacy policy. Not a modal: a labelled
 * region at the bottom edge that takes no focus and blocks nothing, first in the document so a
 * keyboard reaches it with the first Tab. The page gets room below its content for the banner's
 * height, so whatever ends the page can still be scrolled clear of it.
 */
export function CookieBanner() {
  const container = useBannerContainer();
  const appLinks = useAppLinks();
  const textId = useId();
  const region = useRef<HTMLElement>(null);
  // Where focus was before it came into the banner, to return it there once the banner has gone.
  const focusBefore = useRef<HTMLElement | null>(null);

  useReservedSpace(region, container);

  const choose = (choice: ConsentChoice, event: MouseEvent<HTMLButtonElement>) => {
    const returnTo = focusBefore.current;
    setConsent(choice);
    // Recorded after the choice is stored, so that the rule lets it through.
    if (choice === 'granted') track('cookieConsent', { choice });
    // Pressed from the keyboard (a click with no pointer has detail 0): the banner is about to go,
    // so focus goes back to where the person was rather than to the top of the page.
    if (event.detail === 0 && returnTo?.isConnected) returnTo.focus({ preventScroll: true });
  };

  const rememberFocus = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) focusBefore.current = from;
  };

  if (!container) return null;
  // The brand's own pages are known here too, so the link works before (or without) the server's answer.
  const privacyPolicyUrl = appLinks.data?.privacyPolicyUrl ?? brand.privacyPolicyUrl;
  return createPortal(
    <section
      ref={region}
      aria-label="Cookie consent"
      aria-describedby={textId}
      onFocus={rememberFocus}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-35 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] motion-safe:animate-step-in sm:px-4 sm:pb-4"
    >
      <div className="pointer-events-auto mx-auto flex max-w-2xl flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-[0_10px_40px_-12px_rgb(28_38_40/0.35)] sm:flex-row sm:items-center sm:gap-5">
        <p id={textId} className="text-sm text-ink">
          {brand.name} uses cookies to understand how the site is used and to measure our ads.{' '}
          <a
            href={privacyPolicyUrl}
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
        <div className="flex shrink-0 gap-2">
          <Button className="flex-1 sm:min-w-24" onClick={(event) => choose('denied', event)}>
            Reject
          </Button>
          <Button className="flex-1 sm:min-w-24" onClick={(event) => choose('granted', event)}>
            Accept
          </Button>
        </div>
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
