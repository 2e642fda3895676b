/**
 * The offline country database: geoip-country ships MaxMind's GeoLite2 country data in its npm
 * package, so a lookup reads memory and no visitor address leaves the server. The data (about 8 MB)
 * is loaded on the first lookup rather than at start, since most server runs never need it.
 */
let database: Promise<typeof import('geoip-country')> | null = null;

const load = () => {
  database ??= import('geoip-country').then((module) => ('default' in module ? module.default : module));
  return database;
};

/**
 * The country of an IPv4 or IPv6 address (an IPv4-mapped IPv6 one counts as its IPv4), or null for
 * addresses the data does not place: loopback, private and link-local ranges, and unassigned ones.
 */
export async function countryOfAddress(address: string): Promise<string | null> {
  const geoip = await load();
  const country = geoip.lookup(address)?.country ?? null;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}
