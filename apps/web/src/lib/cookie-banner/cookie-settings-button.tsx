import type { ReactNode } from 'react';
import { openCookieSettings } from '../consent/consent';

interface CookieSettingsButtonProps {
  className?: string;
  children?: ReactNode;
}

/**
 * Reopens the visitor's cookie choice (docs/consent.md, "Cookie settings"), wherever they are:
 * the banner comes back with focus in it, and focus returns here when it closes. A small module of
 * its own, so the footer carries it without the banner's code, which loads after the first screen.
 */
export function CookieSettingsButton({
  className = '',
  children = 'Cookie settings',
}: CookieSettingsButtonProps) {
  return (
    <button type="button" onClick={(event) => openCookieSettings(event.currentTarget)} className={className}>
      {children}
    </button>
  );
}
