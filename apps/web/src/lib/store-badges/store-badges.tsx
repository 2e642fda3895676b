import { englishList } from '@stillpoint/core';
import type { MouseEvent, ReactNode } from 'react';
import { useAppLinks } from '../app-links';
import { brand } from '../brand';
import { type Store, storeInText, storeNames, storeUrl } from './stores';

interface StoreBadgesProps {
  /** Which stores, in order; both by default. */
  stores?: readonly Store[];
  /** Names the list for screen readers. */
  label?: string;
  /**
   * Where a store opens: a new tab by default, so this page stays (a gift redeemed, a form sent).
   * A page whose whole point is the store (the referral landing) opens it in place.
   */
  newTab?: boolean;
  /**
   * Called on each press before the browser follows the link. It may take the navigation over
   * with `event.preventDefault()`, e.g. to record the press first.
   */
  onPress?(event: MouseEvent<HTMLAnchorElement>, store: Store, url: string): void;
  /** The store whose press is being handled: its badge says it is busy. */
  pending?: Store | null;
}

/**
 * The App Store and Google Play badges. The store pages come from the server's configuration
 * (getAppLinks); until it answers, placeholders of the badges' size hold their place.
 */
export function StoreBadges({
  stores = ['appStore', 'googlePlay'],
  label = `Get ${brand.name} on your phone`,
  newTab = true,
  onPress,
  pending = null,
}: StoreBadgesProps) {
  const links = useAppLinks();
  const names = stores.map((store) => storeNames[store]);
  if (links.data) {
    const data = links.data;
    return (
      <ul aria-label={label} className="flex flex-wrap gap-3">
        {stores.map((store) => {
          const url = storeUrl(data, store);
          return (
            <li key={store}>
              <Badge
                store={store}
                href={url}
                newTab={newTab}
                busy={pending === store}
                onClick={onPress ? (event) => onPress(event, store, url) : undefined}
              />
            </li>
          );
        })}
      </ul>
    );
  }
  // Without the links the app is still one search away.
  if (links.isError) {
    return (
      <p className="text-sm text-muted">
        Search for {brand.name} on{' '}
        {englishList(
          stores.map((store) => storeInText[store]),
          'disjunction',
        )}
        .
      </p>
    );
  }
  return (
    <div aria-busy="true" className="flex flex-wrap gap-3">
      <span className="sr-only">Loading the store links</span>
      {names.map((name) => (
        <span
          key={name}
          aria-hidden="true"
          className="h-14 w-44 animate-pulse rounded-xl bg-line motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

const badgeText: Record<Store, { icon: ReactNode; eyebrow: string }> = {
  appStore: { icon: <AppleMark />, eyebrow: 'Download on the' },
  googlePlay: { icon: <PlayMark />, eyebrow: 'Get it on' },
};

function Badge({
  store,
  href,
  newTab,
  busy,
  onClick,
}: {
  store: Store;
  href: string;
  newTab: boolean;
  busy: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { icon, eyebrow } = badgeText[store];
  return (
    <a
      href={href}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      aria-busy={busy || undefined}
      onClick={onClick}
      className="inline-flex h-14 min-w-44 items-center gap-3 rounded-xl bg-ink px-4 text-white transition-opacity hover:opacity-90 aria-busy:cursor-progress aria-busy:opacity-70"
    >
      {icon}
      <span className="flex flex-col leading-tight">
        <span className="text-[0.6875rem] font-medium">{eyebrow}</span>
        <span className="text-lg font-semibold tracking-tight">{storeNames[store]}</span>
      </span>
      {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}

/** Apple's logo, in the badge's text colour. */
function AppleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 17 20" className="size-7 shrink-0" fill="currentColor">
      <path d="M14.05 10.63c-.02-2.2 1.8-3.27 1.88-3.32-1.03-1.5-2.62-1.7-3.19-1.72-1.35-.14-2.65.8-3.33.8-.7 0-1.75-.78-2.88-.76A4.26 4.26 0 0 0 2.94 7.82c-1.54 2.67-.39 6.6 1.1 8.77.74 1.06 1.6 2.24 2.74 2.2 1.1-.05 1.52-.71 2.85-.71 1.32 0 1.7.71 2.86.69 1.19-.02 1.93-1.07 2.65-2.14.84-1.22 1.18-2.41 1.2-2.47-.03-.01-2.3-.88-2.33-3.5zM11.86 4.15c.6-.73 1.01-1.73.9-2.74-.87.04-1.93.58-2.55 1.3-.56.64-1.05 1.68-.92 2.66.97.08 1.96-.49 2.57-1.22z" />
    </svg>
  );
}

/** Google Play's four-colour triangle. */
function PlayMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 shrink-0">
      <path fill="#00A0FF" d="M3.6 1.8 13.4 12l-9.8 10.2c-.37-.2-.6-.62-.6-1.14V2.94c0-.52.23-.94.6-1.14z" />
      <path fill="#00D46A" d="M3.6 1.8 16.6 8.8 13.4 12z" />
      <path fill="#FF3A44" d="M3.6 22.2 13.4 12l3.2 3.2z" />
      <path fill="#FFBC00" d="m16.6 8.8 4.2 2.28c.73.4.73 1.44 0 1.84l-4.2 2.28L13.4 12z" />
    </svg>
  );
}
