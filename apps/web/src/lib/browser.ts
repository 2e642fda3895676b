/** The browsers the home page can name. Only Chrome (and Chromium) runs the extension (SPEC §1). */
export type BrowserName = 'Chrome' | 'Edge' | 'Brave' | 'Opera' | 'Samsung Internet' | 'Firefox' | 'Safari';

export interface DetectedBrowser {
  name: BrowserName;
  isChrome: boolean;
}

interface BrowserHints {
  /** Brave sends Chrome's user agent; it is told apart by `navigator.brave`. */
  isBrave?: boolean;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
const SIGNATURES: [BrowserName, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Opera', /\b(?:OPR|OPT|OPX|Opera)\b/],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /\b(?:Chrome|Chromium|CriOS|HeadlessChrome)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

/**
 * Names the browser from its user agent, or null when it is none we can name (then the page
 * asks nothing: a 'request' button needs a browser to request).
 */
export function detectBrowser(userAgent: string, hints: BrowserHints = {}): DetectedBrowser | null {
  const match = hints.isBrave ? 'Brave' : SIGNATURES.find(([, pattern]) => pattern.test(userAgent))?.[0];
  return match ? { name: match, isChrome: match === 'Chrome' } : null;
}

/** The browser this page runs in. */
export function currentBrowser(): DetectedBrowser | null {
  if (typeof navigator === 'undefined') return null;
  const isBrave = typeof (navigator as Navigator & { brave?: unknown }).brave === 'object';
  return detectBrowser(navigator.userAgent, { isBrave });
}

/** Phones and tablets: Chrome there runs no extensions. iPadOS says "Macintosh" but has touch points. */
export function isMobileDevice(userAgent: string, maxTouchPoints = 0): boolean {
  if (/\b(?:Mobi|Android|iPhone|iPad|iPod)\b/.test(userAgent)) return true;
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
}

/** Whether this browser can install the Chrome extension: desktop Chrome (SPEC §1). */
export function canInstallExtension(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    Boolean(currentBrowser()?.isChrome) && !isMobileDevice(navigator.userAgent, navigator.maxTouchPoints)
  );
}
