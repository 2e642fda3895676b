import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { useSubscription } from '../../lib/subscription/use-subscription';
import { buttonStyles } from '../../ui/button-styles';
import { BrandLink } from './brand-link';
import { SIGN_IN_PATH } from './navigation';
import { NavigationLinks } from './navigation-links';
import { SubscriptionBadge } from './subscription-badge';

/**
 * The header: logo home, then for a signed-in person the subscription badge, the links and Sign
 * out (below 768px in a collapsible menu); a signed-out visitor sees only Sign in.
 */
export function Header() {
  const { status, expectSignedOut } = useAuth();
  if (status === 'signedIn') return <SignedInHeader />;
  // Someone with a session token is most likely signed in: no Sign in button for them while the
  // check runs, only the logo, at the same height.
  if (!expectSignedOut) return <LoadingHeader />;
  return <SignedOutHeader />;
}

/** Opaque, so page text scrolling under the sticky header never shows through the logo. */
const HEADER_CLASS = 'sticky top-0 z-10 border-b border-line bg-paper';

interface HeaderBarProps {
  /** Sits beside the logo at every width: the badge is never tucked into the menu. */
  status?: ReactNode;
  /** On phones, the logo alone, so the status and the menu fit beside it. */
  compactBrand?: boolean;
  children: ReactNode;
}

function HeaderBar({ status, compactBrand = false, children }: HeaderBarProps) {
  return (
    <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between gap-3 px-4 sm:gap-4 sm:px-6">
      <div className="flex min-w-0 items-center gap-2 sm:gap-3">
        <BrandLink compact={compactBrand} />
        {status}
      </div>
      {children}
    </div>
  );
}

function LoadingHeader() {
  return (
    <header className={HEADER_CLASS}>
      <HeaderBar>{null}</HeaderBar>
    </header>
  );
}

function SignedOutHeader() {
  return (
    <header className={HEADER_CLASS}>
      <HeaderBar>
        <Link to={SIGN_IN_PATH} className={buttonStyles('secondary')}>
          Sign in
        </Link>
      </HeaderBar>
    </header>
  );
}

function SignedInHeader() {
  const hasBadge = useSubscription().badge !== null;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={HEADER_CLASS}>
      <HeaderBar status={<SubscriptionBadge />} compactBrand={hasBadge}>
        <nav aria-label="Main" className="hidden md:block">
          <NavigationLinks layout="row" />
        </nav>

        <button
          ref={menuButton}
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-medium text-ink hover:bg-accent-soft md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
          Menu
        </button>
      </HeaderBar>

      <nav
        id={menuId}
        aria-label="Main"
        hidden={!menuOpen}
        className="border-t border-line px-4 pt-3 pb-4 md:hidden"
      >
        <NavigationLinks layout="column" onNavigate={closeMenu} />
      </nav>
    </header>
  );
}
