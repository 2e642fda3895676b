import { useSyncExternalStore } from 'react';
import type { Labels, Metadata } from 'react-phone-number-input';
import { whenIdle } from '../../../lib/when-idle';
import { US_LABELS, US_METADATA } from './us-phone-data';

/** What the phone fields and the numbers shown on the sign-in page are formatted and checked with. */
export interface PhoneData {
  metadata: Metadata;
  labels: Labels;
  /** Every country's data, or only the United States' (the number the field starts with). */
  complete: boolean;
}

export const US_PHONE_DATA: PhoneData = { metadata: US_METADATA, labels: US_LABELS, complete: false };

/**
 * The sign-in methods first draw the phone field with the United States' data alone: building
 * every country's list and formatting with the whole metadata was most of the sign-in page's
 * main-thread work before anyone typed (bench/README.md, issue 40). A +1 number, the one the field
 * starts with, formats and validates the same with it. The rest is fetched as soon as the browser
 * is idle after this code loads (reading it is cheap) and shown when someone reaches a phone field
 * (focus, a pointer, a touch, typing), so the picker opens on every country.
 */
let shown: PhoneData = US_PHONE_DATA;
let loaded: PhoneData | undefined;
let loading: Promise<PhoneData> | undefined;
const listeners = new Set<() => void>();
const beforeChangeListeners = new Set<() => void>();

/** Fetches every country's data once, without showing it: that waits until someone needs it. */
export function preloadAllPhoneData(): Promise<PhoneData> {
  loading ??= import('./all-phone-data').then(
    ({ metadata, labels }) => {
      loaded = { metadata, labels, complete: true };
      return loaded;
    },
    (error: unknown) => {
      // Forgotten, so that the next reach for the field tries again (offline for a moment).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

// Not on a server drawing a first screen: nobody will reach a field there.
if (typeof window !== 'undefined') {
  whenIdle(() => void preloadAllPhoneData().catch(() => undefined), { fallbackMs: 0 });
}

function show(data: PhoneData) {
  if (shown === data) return;
  for (const listener of beforeChangeListeners) listener();
  shown = data;
  for (const listener of listeners) listener();
}

/** Shows every country's data, at once if it is already fetched: someone has reached a phone field. */
export function showAllPhoneData(): void {
  if (shown.complete) return;
  if (loaded) show(loaded);
  // Without the rest, a +1 number still works; the next reach tries again.
  else preloadAllPhoneData().then(show, () => undefined);
}

/** Called just before the data shown changes, while the fields still show the old formatting. */
export function beforePhoneDataChange(listener: () => void): () => void {
  beforeChangeListeners.add(listener);
  return () => beforeChangeListeners.delete(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The data shown now. A first screen drawn on a server, and its hydration, use the United States'
 * data: every country's is only ever shown after someone reaches a field.
 */
export function usePhoneData(): PhoneData {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => US_PHONE_DATA,
  );
}
