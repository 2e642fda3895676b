/** The subscription id a page is sent back with after the provider's authentication (SPEC §3 ssid). */
export const SSID_PARAM = 'ssid';

/** What the provider adds on the way back (Stripe's names; the local provider uses the same). */
const PROVIDER_PARAMS = [
  'redirect_status',
  'setup_intent',
  'setup_intent_client_secret',
  'payment_intent',
  'payment_intent_client_secret',
] as const;

export interface PaymentReturn {
  subscriptionId: string;
  /** null: the page was opened with an ssid but not by the provider's redirect. */
  status: 'succeeded' | 'processing' | 'failed' | null;
}

/** Whether this page load is the way back from the provider, and how it went. */
export function readPaymentReturn(search: URLSearchParams): PaymentReturn | null {
  const subscriptionId = search.get(SSID_PARAM);
  if (!subscriptionId) return null;
  const redirectStatus = search.get('redirect_status');
  const status =
    redirectStatus === 'succeeded' || redirectStatus === 'processing'
      ? redirectStatus
      : redirectStatus
        ? 'failed'
        : null;
  return { subscriptionId, status };
}

/** This page's address, to come back to with the subscription id and without an earlier return's traces. */
export function paymentReturnUrl(href: string, subscriptionId: string): string {
  const url = new URL(href);
  for (const name of PROVIDER_PARAMS) url.searchParams.delete(name);
  url.searchParams.set(SSID_PARAM, subscriptionId);
  url.hash = '';
  return url.toString();
}

/** The query without the provider's return parameters, so a reload does not read them twice. */
export function withoutProviderParams(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  for (const name of PROVIDER_PARAMS) rest.delete(name);
  return rest;
}
