import type { PriceCatalogue } from './catalogue';
import type { EventRecorder } from './events';
import type { Seconds } from './objects';
import type { LocalStore } from './store';
import type { LocalUrls } from './urls';

/** What every operation works with: one transaction's store, the time it runs at, its events. */
export interface LocalContext {
  store: LocalStore;
  catalogue: PriceCatalogue;
  urls: LocalUrls;
  now: Seconds;
  events: EventRecorder;
}

/** An answer a person or the embedded form reads, e.g. "No such customer". */
export class LocalPaymentError extends Error {
  override name = 'LocalPaymentError';
}
