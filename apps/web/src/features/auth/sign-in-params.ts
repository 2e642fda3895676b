export const authFormats = ['phone', 'google', 'apple'] as const;
export type AuthFormat = (typeof authFormats)[number];

const isAuthFormat = (value: string): value is AuthFormat =>
  (authFormats as readonly string[]).includes(value);

export interface SignInParams {
  /** The methods to offer: the suggested ones, or all of them when none (or none we know) are. */
  formats: ReadonlySet<AuthFormat>;
  /** Whether suggestedAuthFormats named at least one method; it also changes the title (SPEC §2). */
  formatsSuggested: boolean;
  /** The address a trial link was sent to; the sync after sign-in passes it to the server. */
  trialEmail: string | null;
  fromIosApp: boolean;
  /** `?error=` from a Google or Apple sign-in that came back by redirect. */
  providerError: string | null;
}

/** SPEC §2 /signin query: suggestedAuthFormats (comma list of phone, google, apple), trialEmail, source. */
export function readSignInParams(search: URLSearchParams): SignInParams {
  const suggested = (search.get('suggestedAuthFormats') ?? '')
    .split(',')
    .map((format) => format.trim().toLowerCase())
    .filter(isAuthFormat);
  return {
    formats: new Set(suggested.length > 0 ? suggested : authFormats),
    formatsSuggested: suggested.length > 0,
    trialEmail: search.get('trialEmail')?.trim() || null,
    fromIosApp: search.get('source') === 'iPhoneApp',
    providerError: search.get('error'),
  };
}
