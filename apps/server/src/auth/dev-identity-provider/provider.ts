import type Provider from 'oidc-provider';
import type { Configuration, JWK, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import {
  type DevIdp,
  devIdpClientId,
  devIdpClientSecret,
  devIdpIssuer,
  devIdpPath,
  devIdpRedirectUri,
} from '../identity-providers/stand-in-clients';
import type { DevAccountStore } from './accounts';
import { memoryStore } from './memory-store';
import { renderErrorPage } from './page';

export interface DevProviderOptions {
  config: Config;
  idp: DevIdp;
  signingKey: JWK;
  cookieKeys: string[];
  accounts: DevAccountStore;
}

export const interactionPath = (idp: DevIdp, uid: string): string => `${devIdpPath(idp)}/interaction/${uid}`;

/**
 * One OpenID Connect issuer (oidc-provider) for one stand-in provider. It is loaded with a dynamic
 * import so a production server, which never calls this, never loads the package at all.
 */
export async function createDevOidcProvider({
  config,
  idp,
  signingKey,
  cookieKeys,
  accounts,
}: DevProviderOptions): Promise<Provider> {
  const { default: OidcProvider, interactionPolicy } = await import('oidc-provider');
  const { Check, base } = interactionPolicy;

  // A real provider may remember who is signed in; here the person picks an identity every time,
  // so trying a second test account never needs a cookie cleared.
  const policy = base();
  policy
    .get('login')
    ?.checks.push(
      new Check('dev_idp_pick_identity', 'the person picks a test identity on every sign-in', (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );

  const configuration: Configuration = {
    adapter: memoryStore(),
    clients: [
      {
        client_id: devIdpClientId(idp),
        client_secret: devIdpClientSecret(config, idp),
        redirect_uris: [devIdpRedirectUri(config, idp)],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Authorization code only, and never without PKCE (S256), whatever the client type.
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The id_token itself carries the e-mail and name, as Google's and Apple's do.
    conformIdTokenClaims: false,
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    interactions: { policy, url: (_ctx, interaction) => interactionPath(idp, interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    // Everything here only has to outlive one sign-in.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
    },
    jwks: { keys: [signingKey] },
    cookies: {
      keys: cookieKeys,
      // Two issuers share one host, so each keeps its own cookies.
      names: {
        session: `dev_idp_${idp.name}_session`,
        interaction: `dev_idp_${idp.name}_interaction`,
        resume: `dev_idp_${idp.name}_resume`,
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(
        idp,
        typeof out.error_description === 'string' ? out.error_description : String(out.error),
      );
    },
  };

  const provider = new OidcProvider(devIdpIssuer(config, idp), configuration);
  // Behind a proxy the public scheme and host come from X-Forwarded-*, as for the rest of the server.
  provider.proxy = config.trustProxy;
  return provider;
}
