/** Where the local provider's pages live; everything under /local-pay on the public origin. */
export const LOCAL_PAY_PREFIX = '/local-pay';

export const localPayPaths = {
  checkout: (id: string) => `${LOCAL_PAY_PREFIX}/checkout/${id}`,
  authenticate: (intentId: string) => `${LOCAL_PAY_PREFIX}/authenticate/${intentId}`,
  portal: (id: string) => `${LOCAL_PAY_PREFIX}/portal/${id}`,
  portalCard: (id: string) => `${LOCAL_PAY_PREFIX}/portal/${id}/card`,
  confirmApi: `${LOCAL_PAY_PREFIX}/api/confirm`,
} as const;

export interface LocalUrls {
  /** The public origin, e.g. http://localhost:3000; the pages' fallback link. */
  home: string;
  checkout(id: string): string;
  authenticate(intentId: string): string;
  portal(id: string): string;
  /** The billing portal's page for updating the card. */
  portalCard(id: string): string;
  /** Whether a URL is on this site, so redirects never leave it. */
  isOwn(url: string): boolean;
}

export function localUrls(publicUrl: string): LocalUrls {
  const origin = new URL(publicUrl).origin;
  return {
    home: publicUrl,
    checkout: (id) => `${publicUrl}${localPayPaths.checkout(id)}`,
    authenticate: (id) => `${publicUrl}${localPayPaths.authenticate(id)}`,
    portal: (id) => `${publicUrl}${localPayPaths.portal(id)}`,
    portalCard: (id) => `${publicUrl}${localPayPaths.portalCard(id)}`,
    isOwn(url) {
      try {
        return new URL(url).origin === origin;
      } catch {
        return false;
      }
    },
  };
}

/** Adds query parameters to an absolute URL, keeping those it has. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/** Like Stripe, the provider sends people only to web addresses. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
