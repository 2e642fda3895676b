import { SITE_TEXT_MIN_LENGTH } from '../constants/limits';
import { readSiteAddress } from '../sites/address';

/** Add Site is possible once the site text has 3 characters (SPEC §5). */
export const isValidSiteText = (text: string): boolean => text.trim().length >= SITE_TEXT_MIN_LENGTH;

/**
 * The origin to store for whatever a person typed or pasted: 'youtube.com' →
 * 'https://youtube.com', 'https://WWW.YouTube.com./watch?v=1' → 'https://www.youtube.com',
 * 'bücher.de' → 'https://xn--bcher-kva.de', 'localhost:8080' → 'https://localhost:8080'. No
 * scheme means https; a default port (80, 443) is dropped. No 'www.' is added or removed: the host
 * is kept as typed, and which site it is comes from siteIdentity (docs/sites.md). Null when the
 * text is no site.
 */
export function normaliseSiteOrigin(input: string): string | null {
  const address = readSiteAddress(input);
  if (!address) return null;
  const port = address.port === null ? '' : `:${address.port}`;
  return `${address.scheme}://${address.host}${port}`;
}
