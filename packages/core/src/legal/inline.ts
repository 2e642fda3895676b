import { chargeDate } from '../rules/first-charge';

/** A piece of legal text: plain words, a link, or words in bold. */
export type LegalInlinePart = string | { label: string; href: string } | { strong: string };

const MARKUP = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

/**
 * Reads the markup legal text has, links written `[label](href)` and bold words written
 * `**words**`, into its parts, in order. Anything else (a lone bracket or star) stays as written.
 */
export function legalInline(text: string): LegalInlinePart[] {
  const parts: LegalInlinePart[] = [];
  let at = 0;
  for (const match of text.matchAll(MARKUP)) {
    const [whole, label, href, strong] = match;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(strong === undefined ? { label: label ?? '', href: href ?? '' } : { strong });
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The words of legal text without its markup: `[Terms](/terms)` reads `Terms`. */
export const legalPlainText = (text: string): string =>
  legalInline(text)
    .map((part) => (typeof part === 'string' ? part : 'strong' in part ? part.strong : part.label))
    .join('');

/** A `YYYY-MM-DD` day as a person reads it: 'November 29, 2026' (the same day in every zone). */
export const legalDate = (day: string): string => chargeDate(new Date(`${day}T00:00:00Z`), { utc: true });
