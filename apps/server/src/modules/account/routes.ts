import { accountExportFileName, endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth';
import type { ProviderInfo } from '../../auth/sign-in-methods';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { perPerson } from '../../http/rate-limit';
import type { PaymentProvider } from '../../integrations/payments';
import { exportAccount } from './data-export';
import { deleteAccount } from './deletion';
import { authConfig, getUser, syncCurrentUser } from './service';
import { accountSummary } from './summary';

export function registerAccountRoutes(
  app: FastifyInstance,
  { config, db, providers }: { config: Config; db: Database; providers: ProviderInfo },
): void {
  registerEndpoint(app, endpoints.getAuthConfig, () => authConfig(config, providers));
  registerEndpoint(app, endpoints.getUser, ({ user }) => getUser(user));
  registerEndpoint(app, endpoints.syncCurrentUser, ({ user, body }) => syncCurrentUser(db, user, body));
}

/** The account page: its summary, the copy of the person's data, and deleting the account. */
export function registerAccountDataRoutes(
  app: FastifyInstance,
  deps: { db: Database; auth: Auth; providers: ProviderInfo; provider: PaymentProvider; publicUrl: string },
): void {
  const { db, auth, providers, provider, publicUrl } = deps;
  registerEndpoint(app, endpoints.getAccount, ({ user, request }) =>
    accountSummary({ auth, providers }, user, request.headers.authorization),
  );
  registerEndpoint(app, endpoints.exportAccount, ({ user, reply }) => {
    const now = new Date();
    // Opened straight from a link, the answer downloads as a file rather than showing in the tab.
    reply.header('content-disposition', `attachment; filename="${accountExportFileName(now)}"`);
    return exportAccount(db, user, now, publicUrl);
  });
  registerEndpoint(
    app,
    endpoints.deleteAccount,
    ({ user, request }) =>
      deleteAccount({ db, auth, provider, log: request.log }, user, request.headers.authorization),
    // Each try may call the payment provider; a person needs one, a retry or two.
    { rateLimit: { max: 5, timeWindow: '1 minute', keyGenerator: perPerson } },
  );
}
