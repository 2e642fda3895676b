import type { BetterAuthPlugin } from 'better-auth';
import { type GenericOAuthConfig, genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config } from '../../config';
import { type DevIdp, devIdpClientId, devIdpClientSecret, devIdpDiscoveryUrl } from './stand-in-clients';

/** Better Auth's side of one stand-in: a standard OpenID Connect client of the development provider. */
export function devProviderConfig(config: Config, idp: DevIdp): GenericOAuthConfig {
  return {
    providerId: idp.providerId,
    name: `${idp.label} (development identity provider)`,
    discoveryUrl: devIdpDiscoveryUrl(config, idp),
    // Identity comes from the id_token, so it must verify (issuer, audience, signature, nonce).
    requireIdTokenVerification: true,
    clientId: devIdpClientId(idp),
    clientSecret: devIdpClientSecret(config, idp),
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    // Signing out of Stillpoint never navigates to the provider.
    disableProviderLogout: true,
  };
}

/**
 * genericOAuth fetches each discovery document in its `init`, which runs when Better Auth is
 * created: before this very server listens, so the fetch could only fail (or, in tests, reach some
 * other process on the same port). Instead the providers start in the plugin's own "pending
 * discovery" list, which its before-hook resolves on the first request that names one of them
 * (sign-in, popup start or callback), with the plugin's own fetch, verification and timeout.
 */
export function genericOAuthWithDeferredDiscovery(configs: GenericOAuthConfig[]): BetterAuthPlugin {
  const plugin = genericOAuth({ config: configs });
  return {
    ...plugin,
    init: (ctx) => {
      // The context field genericOAuth itself keeps its not-yet-discovered providers in
      // (better-auth 1.7: plugins/generic-oauth `genericOAuthPendingDiscovery`).
      const context = {
        socialProviders: ctx.socialProviders,
        genericOAuthPendingDiscovery: new Map(configs.map((entry) => [entry.providerId, entry])),
      };
      return { context };
    },
  };
}
