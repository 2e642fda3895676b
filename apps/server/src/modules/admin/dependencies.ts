import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../../auth';
import type { ProviderInfo } from '../../auth/sign-in-methods';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { EmailSender } from '../../integrations/email';
import type { PaymentProvider } from '../../integrations/payments';
import type { PaymentsForSupport } from '../payments/support';

export { feedbackPage } from '../feedback/support';

/** What the support console's calls need (docs/support.md). */
export interface AdminDependencies {
  db: Database;
  config: Config;
  auth: Auth;
  providers: ProviderInfo;
  email: EmailSender;
  /** Cancels a deleted account's web subscription first, as the person's own deletion does. */
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** A person's payments and their refunds, through the payment provider. */
  payments: PaymentsForSupport;
  now?: () => Date;
}
