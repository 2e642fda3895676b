import { useSyncExternalStore } from 'react';

/** A key in the browser's storage, as `local:key` or `session:key`. */
export type StorageKey = `${'local' | 'session'}:${string}`;

/**
 * The stored keys the page's first screen was drawn with (decisions 022 and 028): a session token
 * on the pages drawn for a signed-in person, nothing on the others. Set at build time by the
 * prerender and in the browser from the drawing's root before the app takes the drawing over.
 */
let drawnWith: ReadonlySet<string> = new Set();

/** Sets what the first screen was drawn with, from its guard's keys (`!local:key` was stored). */
export function drawnFirstScreenWith(unlessStored: Iterable<string>): void {
  drawnWith = new Set([...unlessStored].filter((key) => key.startsWith('!')).map((key) => key.slice(1)));
}

function isStored(key: StorageKey): boolean {
  const colon = key.indexOf(':');
  try {
    const storage = key.startsWith('session:') ? sessionStorage : localStorage;
    return storage.getItem(key.slice(colon + 1)) !== null;
  } catch {
    // Storage that cannot be read holds nothing for this page.
    return false;
  }
}

function onOtherTabsStoring(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * Whether `key` is stored, for code that renders: while the app takes over a first screen drawn
 * at build time (and in that drawing), the answer the drawing was made with, so the first render
 * is the drawing; then the browser's. Read again on every render, as storage gives no signal of
 * this tab's own writes.
 */
export function useIsStored(key: StorageKey): boolean {
  return useSyncExternalStore(
    onOtherTabsStoring,
    () => isStored(key),
    () => drawnWith.has(key),
  );
}

const never = () => () => undefined;

/**
 * A value read from the browser (its user agent, the page's address) for code that renders:
 * `drawn`, the value the first screen was drawn with, while the app takes that drawing over; the
 * browser's from the render after. `read` must return the same value for the same browser state
 * (a string, number or boolean).
 */
export function useBrowserValue<T>(read: () => T, drawn: T): T {
  return useSyncExternalStore(never, read, () => drawn);
}

/**
 * False while the page drawn at build time is rendered (by the build, then by the app taking it
 * over), true from the render after: what depends on the moment (a countdown already under way)
 * shows from then on, so the taking over matches the drawing.
 */
export function useFirstScreenTakenOver(): boolean {
  return useBrowserValue(() => true, false);
}
