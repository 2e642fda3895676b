import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import type { Config } from '../../config';
import { devProviderConfig, genericOAuthWithDeferredDiscovery } from './dev-providers';
import { sessionTokenHandoff } from './session-token-handoff';
import { devIdpsNeeded } from './stand-in-clients';

/** How the web app starts a provider: Better Auth's built-in one, or a generic OAuth (OIDC) one. */
export interface ProviderInfo {
  kind: 'social' | 'oauth2';
  id: string;
}

export interface IdentityProviders {
  socialProviders: BetterAuthOptions['socialProviders'];
  plugins: BetterAuthPlugin[];
  info: { google: ProviderInfo; apple: ProviderInfo };
}

/**
 * Google and Apple for Better Auth: the real providers when their client credentials are set;
 * otherwise, outside production, the development identity provider's stand-ins (`dev-google`,
 * `dev-apple`), which run the same authorization-code flow with PKCE, state and nonce.
 */
export function identityProviders(config: Config): IdentityProviders {
  const { google, apple } = config.auth;
  const socialProviders: NonNullable<BetterAuthOptions['socialProviders']> = {};
  if (google) {
    socialProviders.google = {
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      // Lets a person with several Google accounts choose, instead of silently using the last one.
      prompt: 'select_account',
    };
  }
  if (apple) {
    // Apple's client secret is the signed JWT made from the team's key (it expires within 6 months).
    socialProviders.apple = { clientId: apple.clientId, clientSecret: apple.clientSecret };
  }

  const standIns = devIdpsNeeded(config);
  const plugins: BetterAuthPlugin[] = [sessionTokenHandoff()];
  if (standIns.length > 0) {
    plugins.push(genericOAuthWithDeferredDiscovery(standIns.map((idp) => devProviderConfig(config, idp))));
  }

  const infoFor = (name: 'google' | 'apple'): ProviderInfo => {
    const standIn = standIns.find((idp) => idp.name === name);
    // Unconfigured without a stand-in (production refuses to start that way): starting it fails visibly.
    return standIn ? { kind: 'oauth2', id: standIn.providerId } : { kind: 'social', id: name };
  };
  return { socialProviders, plugins, info: { google: infoFor('google'), apple: infoFor('apple') } };
}
