// Apart from api.ts, so the app shell can register the provider without loading the API client
// (and its schemas) before the first page needs them.

type AccessToken = string | null | undefined;
export type AccessTokenProvider = () => AccessToken | Promise<AccessToken>;

let accessTokenProvider: AccessTokenProvider = () => null;

/** Auth registers how to read the current session token; calls made signed out send none. */
export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  accessTokenProvider = provider;
}

export const readAccessToken = (): AccessToken | Promise<AccessToken> => accessTokenProvider();
