import type { Config } from '../../config';
import type { LocalPaymentProvider, LocalProviderDeps } from './local/local-provider';
import type { PaymentProvider } from './provider';

export * from './provider';
export { signWebhookPayload, verifyWebhookPayload, WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature';

export interface Payments {
  provider: PaymentProvider;
  /** The local provider again, for its pages; null with Stripe. */
  local: LocalPaymentProvider | null;
  close(): Promise<void>;
}

/**
 * Stripe when a key is configured; otherwise the local test-mode provider (decision 017). The
 * Stripe adapter, and with it the SDK, is only loaded when it is the one configured.
 */
export async function createPayments(
  config: Config,
  deps: Pick<LocalProviderDeps, 'db' | 'log' | 'deliver' | 'onClockAdvanced'>,
): Promise<Payments> {
  if (config.payments.provider === 'stripe') {
    const { createStripeProvider } = await import('./stripe/stripe-provider');
    const provider = createStripeProvider({
      secretKey: config.payments.secretKey,
      webhookSecret: config.payments.webhookSecret,
      portalConfigurationId: config.payments.portalConfigurationId,
      sandbox: config.payments.sandbox,
      publicUrl: config.publicUrl,
    });
    return { provider, local: null, close: async () => {} };
  }
  // Production never gets here: loadConfig refuses it without STRIPE_SECRET_KEY. (Tests that fake a
  // production config still run the local provider, with its test clock switched off.)
  // Loaded only here, so that a start with Stripe (production) never loads it.
  const { LocalPaymentProvider } = await import('./local/local-provider');
  const local = new LocalPaymentProvider(config, deps);
  return { provider: local, local, close: () => local.close() };
}
