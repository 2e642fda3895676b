import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { brand } from '../../lib/brand';
import { buttonStyles } from '../../ui/buttonStyles';
import { LogoMark } from '../../ui/Logo';
import { NavigationLinks } from './NavigationLinks';
import { SIGN_IN_PATH } from './navigation';

/**
 * The header: logo home, then for a signed-in person the links and Sign Out (below 768px in a
 * collapsible menu); a signed-out visitor sees only Sign In.
 */
export function Header() {
  const { status } = useAuth();
  return status === 'signedIn' ? <SignedInHeader /> : <SignedOutHeader />;
}

function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
      <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight">
        <LogoMark />
        <span>{brand.name}</span>
      </Link>
      {children}
    </div>
  );
}

function SignedOutHeader() {
  return (
    <header className="sticky top-0 z-10 border-b border-line bg-paper/95 backdrop-blur">
      <HeaderBar>
        <Link to={SIGN_IN_PATH} className={buttonStyles('secondary')}>
          Sign In
        </Link>
      </HeaderBar>
    </header>
  );
}

function SignedInHeader() {
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
    <header className="sticky top-0 z-10 border-b border-line bg-paper/95 backdrop-blur">
      <HeaderBar>
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
          <MenuIcon open={menuOpen} />
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

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
