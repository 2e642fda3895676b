import { brand } from './brand';

/** The browser tab title for a page: `Gift · Stillpoint`. */
export const documentTitle = (page: string): string => `${page} · ${brand.name}`;
