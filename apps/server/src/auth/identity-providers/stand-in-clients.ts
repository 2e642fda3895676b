// The stand-in clients as both sides know them: Better Auth (identity-providers/) and the
// development identity provider (dev-identity-provider/). Kept on Better Auth's side, which every
// start loads; the provider itself is loaded by import() only when configured.
import { createHmac } from 'node:crypto';
import type { Config } from '../../config';

/** The two stand-ins: each button runs its own flow against its own issuer. */
export type DevIdpName = 'google' | 'apple';

export interface DevIdp {
  name: DevIdpName;
  /** Shown on the sign-in page the person sees. */
  label: string;
  /** The Better Auth provider id; the web app receives it from getAuthConfig. */
  providerId: `dev-${DevIdpName}`;
}

export const devIdps: readonly DevIdp[] = [
  { name: 'google', label: 'Google', providerId: 'dev-google' },
  { name: 'apple', label: 'Apple', providerId: 'dev-apple' },
];

/** Only the providers without real client credentials get a stand-in. */
export const devIdpsNeeded = (config: Config): DevIdp[] =>
  config.auth.devIdentityProvider ? devIdps.filter((idp) => config.auth[idp.name] === null) : [];

export const DEV_IDP_BASE_PATH = '/api/dev-idp';

export const devIdpPath = (idp: DevIdp): string => `${DEV_IDP_BASE_PATH}/${idp.name}`;

/** The issuer is a URL on the server's own public origin, so the server fetches discovery from itself. */
export const devIdpIssuer = (config: Config, idp: DevIdp): string => `${config.publicUrl}${devIdpPath(idp)}`;

export const devIdpDiscoveryUrl = (config: Config, idp: DevIdp): string =>
  `${devIdpIssuer(config, idp)}/.well-known/openid-configuration`;

export const devIdpClientId = (idp: DevIdp): string => `stillpoint-${idp.providerId}`;

/**
 * Derived from the auth secret rather than random, so the Better Auth side and the provider side
 * (built separately) agree without sharing state, and the secret is never a constant in the source.
 */
export const devIdpClientSecret = (config: Config, idp: DevIdp): string =>
  createHmac('sha256', config.auth.secret).update(`dev-idp-client-secret:${idp.name}`).digest('base64url');

/**
 * Better Auth (mounted at /api/auth, baseURL = publicUrl) sends every social and generic OAuth
 * provider back to `/callback/<providerId>`; this is the one redirect URI the client may use.
 */
export const devIdpRedirectUri = (config: Config, idp: DevIdp): string =>
  `${config.publicUrl}/api/auth/callback/${idp.providerId}`;
