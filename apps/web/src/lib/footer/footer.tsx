import { type AppLinks, LEGAL_PATHS } from '@stillpoint/core';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../ui/logo';
import { useAppLinks } from '../app-links';
import { brand } from '../brand';
import { CookieSettingsButton } from '../cookie-banner/cookie-settings-button';
import { NewsletterSignup } from './newsletter-signup';

/**
 * The public pages' footer (SPEC §2): the newsletter signup; the ways to Stillpoint outside this
 * site: the App Store, the blog, the website and support by e-mail; and, at the bottom, the privacy
 * policy, the terms and Cookie settings, which reopens the cookie choice.
 */
export function Footer() {
  const navId = useId();
  return (
    <footer className="mt-16 border-t border-line pt-10">
      <div className="grid grid-cols-1 gap-10 md:grid-cols-[minmax(0,1fr)_auto] md:gap-16">
        <div className="flex flex-col gap-6">
          <p className="flex items-center gap-2 text-lg font-semibold tracking-tight text-ink">
            <LogoMark />
            {brand.name}
          </p>
          <NewsletterSignup />
        </div>
        <nav aria-labelledby={navId} className="flex flex-col gap-3">
          <h2 id={navId} className="text-base font-semibold text-ink">
            {brand.name} elsewhere
          </h2>
          <FooterLinks />
        </nav>
      </div>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">{brand.tagline}</p>
        <LegalLinks />
      </div>
    </footer>
  );
}

interface FooterLink {
  label: string;
  href: string;
  /** On another site: opens in a new tab, so this page (often a checkout) stays open. */
  external: boolean;
}

type FooterLinkSources = Pick<AppLinks, 'website' | 'blogUrl' | 'supportEmail'> &
  Partial<Pick<AppLinks, 'appStoreUrl'>>;

const footerLinks = (links: FooterLinkSources): FooterLink[] => [
  ...(links.appStoreUrl ? [{ label: 'Get the iPhone app', href: links.appStoreUrl, external: true }] : []),
  { label: 'Blog', href: links.blogUrl, external: true },
  { label: 'Website', href: links.website, external: true },
  { label: `Support: ${links.supportEmail}`, href: `mailto:${links.supportEmail}`, external: false },
];

const legalLinkStyle =
  'inline-flex min-h-9 items-center rounded-md text-sm text-muted underline underline-offset-4 hover:text-accent';

/**
 * This site's own legal pages and the cookie choice: known without asking the server, so they
 * are there from the first screen. The pages open in this tab; Cookie settings opens the banner.
 */
function LegalLinks() {
  return (
    <nav aria-label="Legal">
      <ul className="flex flex-wrap items-center gap-x-5 gap-y-1">
        <li>
          <Link to={LEGAL_PATHS.privacy} className={legalLinkStyle}>
            Privacy policy
          </Link>
        </li>
        <li>
          <Link to={LEGAL_PATHS.terms} className={legalLinkStyle}>
            Terms of service
          </Link>
        </li>
        <li>
          <CookieSettingsButton className={`${legalLinkStyle} cursor-pointer`} />
        </li>
      </ul>
    </nav>
  );
}

function FooterLinks() {
  const appLinks = useAppLinks();
  if (appLinks.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2.5 py-2">
        <span className="sr-only">Loading links</span>
        {[28, 16, 20, 36].map((width) => (
          <span
            key={width}
            aria-hidden="true"
            className="h-5 animate-pulse rounded bg-line motion-reduce:animate-none"
            style={{ width: `${width * 0.25}rem` }}
          />
        ))}
      </div>
    );
  }
  // The store's id is the server's configuration; the brand's own pages are known here too, so
  // when the server cannot be asked the footer keeps everything but the store link.
  const links = footerLinks(appLinks.data ?? brand);
  return (
    <ul className="flex flex-col gap-1">
      {links.map((link) => (
        <li key={link.label}>
          <a
            href={link.href}
            {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-md text-sm text-muted underline-offset-4 hover:text-accent hover:underline"
          >
            {link.label}
            {link.external ? (
              <>
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only"> (opens in a new tab)</span>
              </>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
