import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { loadOnFirstUse } from '../../load-on-first-use';
import { devIdpIssuer, devIdpsNeeded } from '../identity-providers/stand-in-clients';
import { DevAccountStore } from './accounts';
import { registerInteractionRoutes } from './interaction-routes';
import { generateCookieKeys, generateSigningKey } from './keys';
import { mountProvider } from './mount';
import { createDevOidcProvider } from './provider';

/**
 * Serves the development identity provider (one OpenID Connect issuer per stand-in, under
 * /api/dev-idp/<google|apple>) for each of Google and Apple that has no real client configured.
 * Outside production only: with `devIdentityProvider` off, or in production, it registers nothing.
 */
export async function registerDevIdentityProvider(app: FastifyInstance, config: Config): Promise<void> {
  const needed = devIdpsNeeded(config);
  if (config.isProduction || needed.length === 0) return;

  // oidc-provider and an RSA key cost about half a second of CPU: a start that never signs in
  // with a stand-in never pays it (bench/README.md, "Embedded database: startup").
  const signingKey = loadOnFirstUse(generateSigningKey);
  for (const idp of needed) {
    const accounts = new DevAccountStore(idp);
    const cookieKeys = generateCookieKeys();
    const provider = loadOnFirstUse(async () =>
      createDevOidcProvider({ config, idp, signingKey: await signingKey(), cookieKeys, accounts }),
    );
    await app.register(async (scope) => registerInteractionRoutes(scope, { idp, provider, accounts }));
    await app.register(async (scope) => mountProvider(scope, idp, provider));
    app.log.info(
      { issuer: devIdpIssuer(config, idp) },
      `development identity provider for ${idp.label} is on`,
    );
  }
}
