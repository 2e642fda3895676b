import { loadEnglishValidationMessages } from '@stillpoint/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { createAuth } from './auth';
import { identityProviders } from './auth/identity-providers';
import { lastSignInMethod } from './auth/last-sign-in-method';
import { registerAuthRoutes } from './auth/routes';
import { createSessionLookup } from './auth/session-lookup';
import { createBackgroundTasks } from './background';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createForwardingJob, type ForwardingJob } from './forwarding/job';
import { registerAdminCheck, registerAuthentication } from './http/authenticate';
import { registerCompression } from './http/compression';
import { contentSecurityPolicy } from './http/content-security-policy';
import { registerErrorHandling } from './http/errors';
import { registerIdempotency } from './http/idempotency';
import { registerOpenApi } from './http/openapi';
import { registerRateLimiting } from './http/rate-limit';
import { responseSerializerCompiler } from './http/response-serializer';
import { registerSecurityHeaders } from './http/security-headers';
import { selfDelivery } from './http/self-delivery';
import { registerWebApp } from './http/web-app';
import { type AdEventForwarder, createAdEventForwarder } from './integrations/ad-events';
import { type AnalyticsForwarder, createAnalyticsForwarder } from './integrations/analytics';
import { createEmailSender, type EmailSender } from './integrations/email';
import { createPayments } from './integrations/payments';
import type { WebhookDelivery } from './integrations/payments/provider';
import { countedSmsSender, createSmsSender, type SmsSender } from './integrations/sms';
import { createTeamChat, type TeamChat } from './integrations/team-chat';
import { loggerOptions } from './logger';
import { registerAccountDataRoutes, registerAccountRoutes } from './modules/account/routes';
import { registerAdEventsRoutes } from './modules/ad-events/routes';
import { adEventForwarding } from './modules/ad-events/service';
import { registerAdminRoutes } from './modules/admin/routes';
import { adminCheck } from './modules/admin/service';
import { registerAnalyticsRoutes } from './modules/analytics/routes';
import { analyticsForwarding } from './modules/analytics/service';
import { registerAppLinksRoutes } from './modules/app-links/routes';
import { registerAppsRoutes } from './modules/apps/routes';
import { registerClientErrorsRoutes } from './modules/client-errors/routes';
import { registerDeepLinksRoutes } from './modules/deep-links/routes';
import { registerEntitlementsRoutes } from './modules/entitlements/routes';
import { moveGrantsIntoPast } from './modules/entitlements/service';
import { registerExtensionLinkRoutes } from './modules/extension-link/routes';
import { registerFeedbackRoutes } from './modules/feedback/routes';
import { feedbackForwarding } from './modules/feedback/service';
import { registerGiftsRoutes } from './modules/gifts/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerInsightsRoutes } from './modules/insights/routes';
import { registerLegacyImportRoutes } from './modules/legacy-import/routes';
import { registerMobileUsageRoutes } from './modules/mobile-usage/routes';
import { registerNewsletterRoutes } from './modules/newsletter/routes';
import { newsletterConfirmationForwarding } from './modules/newsletter/service';
import { registerOnboardingRoutes } from './modules/onboarding/routes';
import { createPaymentsForSupport } from './modules/payments/refunds';
import { registerPaymentsRoutes } from './modules/payments/routes';
import type { PaymentsForSupport } from './modules/payments/support';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerQuotesRoutes } from './modules/quotes/routes';
import { registerReferralsRoutes } from './modules/referrals/routes';
import { createRetentionJob, type RetentionJob } from './modules/retention/job';
import { registerSettingsRoutes } from './modules/settings/routes';
import { registerSitesRoutes } from './modules/sites/routes';
import { registerStorePurchasesRoutes } from './modules/store-purchases/routes';
import { registerSubscriptionRoutes } from './modules/subscription/routes';
import { contactThroughAuth } from './modules/trial-reminders/contact';
import { createTrialReminderJob, type TrialReminderJob } from './modules/trial-reminders/job';
import { registerVisitorCountryRoutes } from './modules/visitor-country/routes';
import { recordDatabaseMetrics } from './observability/database-metrics';
import { recordHttpMetrics } from './observability/http-metrics';
import { createMetrics, routeLabel } from './observability/metrics';
import { registerMetricsRoute } from './observability/metrics-route';
import { registerOverloadProtection } from './observability/overload';
import { requestIdOf, returnRequestIds } from './observability/request-id';
import { requestScopedLog } from './observability/request-log';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job that retries failed forwards (docs/forwarding.md); tests drive it with runOnce. */
    forwarding: ForwardingJob;
    /** The job that reminds people before a trial ends (docs/payments.md); tests drive it with runOnce. */
    trialReminders: TrialReminderJob;
    /** The job that purges what is kept no longer (docs/privacy.md); tests drive it with runOnce. */
    retention: RetentionJob;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Replaces the configured SMS delivery (Twilio and/or the outbox), e.g. a sender that fails. */
  smsSender?: SmsSender;
  /** Replaces the configured e-mail delivery (SMTP_URL and/or the outbox), e.g. a sender that fails. */
  emailSender?: EmailSender;
  /** Replaces the configured feedback destination (FEEDBACK_WEBHOOK_URL or the log). */
  teamChat?: TeamChat;
  /** Replaces the configured analytics forwarding (ANALYTICS_FORWARD_URL or none). */
  analyticsForwarder?: AnalyticsForwarder;
  /** Replaces the configured ad event forwarding (TikTok's Events API with TIKTOK_ACCESS_TOKEN, or none). */
  adEventForwarder?: AdEventForwarder;
  /** Replaces how the local payment provider delivers its webhooks (by default, to this server). */
  paymentWebhookDelivery?: WebhookDelivery;
  /**
   * The support console's view of payments (a person's payments, refunds). Until payments provides
   * its own, only tests pass one; without it refunds are not served (modules/admin/service.ts).
   */
  paymentsForSupport?: PaymentsForSupport;
  /** Where log records go instead of standard output, e.g. a test that reads what was logged. */
  logStream?: DestinationStream;
  /**
   * Encode every answer through its zod schema too and fail it unless both agree (the tests turn
   * this on; production answers through the compiled serializers alone, decision 030).
   */
  checkResponses?: boolean;
}

/** Builds the whole server without listening, so tests drive it with app.inject(). */
export async function buildApp({
  config,
  database,
  smsSender,
  emailSender,
  teamChat,
  analyticsForwarder,
  adEventForwarder,
  paymentWebhookDelivery,
  paymentsForSupport,
  logStream,
  checkResponses = false,
}: AppDependencies): Promise<FastifyInstance> {
  // A 400 says in words what is wrong with the request.
  loadEnglishValidationMessages();
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logFormat === 'pretty', logStream),
    trustProxy: config.trustProxy,
    // The id a trusted proxy sent when it is a sane token (request-id.ts), else a new one.
    genReqId: requestIdOf(config.trustProxy),
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  // Sentry and OpenTelemetry load only when configured: a default start loads neither and sends
  // nothing anywhere (test/outside-observability.test.ts). Tracing registers before any route.
  const { sentryDsn, otlpEndpoint, sentryBrowserDsn } = config.outsideObservability;
  if (otlpEndpoint) await (await import('./observability/tracing')).registerTracing(app, otlpEndpoint);
  const errorTracking = sentryDsn
    ? (await import('./observability/error-tracking')).registerErrorTracking(app, {
        dsn: sentryDsn,
        environment: config.appEnv,
      })
    : null;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkAgainstZod: checkResponses }));
  // First, so that every answer, refusals included, names its request and is counted.
  returnRequestIds(app);
  const log = requestScopedLog(app);
  const metrics = createMetrics();
  recordHttpMetrics(app, metrics);
  recordDatabaseMetrics(app, database, metrics);
  await registerOverloadProtection(app, config.overload, metrics);
  registerErrorHandling(app);
  // Before any route: the plugin attaches its compression to routes as they are registered.
  await registerCompression(app);
  // Before any route: the limiter attaches itself to routes as they are registered.
  await registerRateLimiting(app, config, {
    log,
    onRefused: (request) => metrics.rateLimitRefusals.inc({ route: routeLabel(request) }),
  });

  registerSecurityHeaders(app, { contentSecurityPolicy: { directives: contentSecurityPolicy(config) } });
  await registerOpenApi(app, config.publicUrl, { public: config.apiDocsPublic, token: config.metricsToken });
  registerMetricsRoute(app, metrics, { isProduction: config.isProduction, token: config.metricsToken });

  // One outbox for SMS and e-mail, so GET /api/dev/outbox lists both, newest first. The development
  // stand-ins (this outbox, the identity provider, the local payment provider) load by import()
  // only when configured, so a production start never loads them (docs/architecture.md).
  const outbox = config.auth.devOutbox
    ? new (await import('./integrations/dev-outbox')).DevOutbox(log)
    : null;
  const providers = identityProviders(config);
  // Sign-in codes (counted in the metrics) and trial reminders go through the same SMS delivery.
  const sms = smsSender ?? createSmsSender(config, outbox, log);
  const auth = createAuth({
    config,
    database,
    smsSender: countedSmsSender(sms, (outcome) => metrics.otpSends.inc({ outcome })),
    log,
    providers,
  });
  registerAuthentication(app, createSessionLookup(auth, database).lookup);
  // Who may use the support console: the configuration alone decides (docs/support.md).
  registerAdminCheck(app, adminCheck(config.admin, database.db));
  // Idempotency-Key claims for the calls that create, pay or send, and the hourly job that drops old keys.
  registerIdempotency(app, database.db);
  await registerAuthRoutes(app, auth, {
    publicUrl: config.publicUrl,
    testPhoneNumbers: config.auth.testPhoneNumbers,
    testNumbersSkipLimits: config.auth.testNumbersSkipLimits,
  });
  if (config.auth.devIdentityProvider) {
    const { registerDevIdentityProvider } = await import('./auth/dev-identity-provider');
    await registerDevIdentityProvider(app, config);
  }

  registerAccountRoutes(app, { config, db: database.db, providers: providers.info });
  registerExtensionLinkRoutes(app, { db: database.db, auth });
  // /api/dev/* does not exist in production at all, whatever the outbox setting: a 404, not a refusal.
  if (outbox && !config.isProduction) {
    const { registerDevOutboxRoutes } = await import('./modules/dev-outbox/routes');
    registerDevOutboxRoutes(app, outbox, config.auth.devOutboxKey);
  }

  const db = database.db;
  // Forwarding to the team chat, analytics and the ad platform runs after the answer; shutdown waits for it.
  const background = createBackgroundTasks(log);
  app.addHook('onClose', () => background.drain());
  registerSitesRoutes(app, { db });
  registerInsightsRoutes(app, { db, config });
  registerLegacyImportRoutes(app, { db });
  registerSettingsRoutes(app, { db });
  registerOnboardingRoutes(app, { db });
  registerProfileRoutes(app, { db });
  registerAppsRoutes(app, { db });
  registerMobileUsageRoutes(app, { db });
  registerQuotesRoutes(app);
  const feedback = { db, background, teamChat: teamChat ?? createTeamChat(config, log) };
  const analytics = { db, background, forwarder: analyticsForwarder ?? createAnalyticsForwarder(config) };
  const adEvents = { db, background, forwarder: adEventForwarder ?? createAdEventForwarder(config, log) };
  registerFeedbackRoutes(app, feedback);
  registerAnalyticsRoutes(app, analytics);
  registerAdEventsRoutes(app, adEvents);
  registerClientErrorsRoutes(app, {
    db,
    countReport: (kind) => metrics.clientErrorReports.inc({ kind }),
    // With a browser DSN the pages send their errors to Sentry themselves: passing the stored copy
    // on as well would make each one twice (decision 052).
    forward: sentryBrowserDsn ? undefined : errorTracking?.forwardClientError,
  });
  // One sender for every e-mail: the newsletter's confirmation and the gift buyer's.
  const email = emailSender ?? createEmailSender(config, outbox, log);
  const newsletter = { db, background, email, publicUrl: config.publicUrl };
  registerNewsletterRoutes(app, newsletter);
  // What failed to forward right after the answer is tried again by this job, on every instance.
  const forwarding = createForwardingJob({
    kinds: {
      feedback: feedbackForwarding(feedback),
      analytics: analyticsForwarding(analytics),
      adEvents: adEventForwarding(adEvents),
      newsletter: newsletterConfirmationForwarding(newsletter),
    },
    intervalSeconds: config.forwarding.intervalSeconds,
    log: app.log,
  });
  app.decorate('forwarding', forwarding);
  app.addHook('onReady', async () => forwarding.start());
  // Before the server waits for open requests: a run stops before its next row, not after its batch.
  app.addHook('preClose', () => forwarding.stop());
  registerHealthRoutes(app, database, forwarding);
  registerAppLinksRoutes(app, { config });
  registerReferralsRoutes(app, { db });
  registerVisitorCountryRoutes(app, { config: config.visitorCountry });
  registerDeepLinksRoutes(app, {
    db,
    config,
    signInMethodOf: (user) => lastSignInMethod(auth, providers.info, user),
  });

  // Both payment providers deliver signed webhooks to one endpoint; fulfilment grants entitlements.
  const payments = await createPayments(config, {
    db,
    log,
    deliver: paymentWebhookDelivery ?? selfDelivery(app),
    onClockAdvanced: ({ userId, bySeconds }) => moveGrantsIntoPast(db, userId, bySeconds * 1000),
  });
  app.addHook('onClose', () => payments.close());
  registerEntitlementsRoutes(app, { db, config });
  registerPaymentsRoutes(app, {
    db,
    config,
    provider: payments.provider,
    email,
    countWebhook: (outcome) => metrics.paymentWebhooks.inc({ outcome }),
  });
  registerGiftsRoutes(app, { db, config, provider: payments.provider, email });
  registerSubscriptionRoutes(app, { db, config, provider: payments.provider });
  registerStorePurchasesRoutes(app, { db, config });
  // The account page: deleting an account cancels its web subscription at the provider first.
  registerAccountDataRoutes(app, {
    db,
    auth,
    providers: providers.info,
    provider: payments.provider,
    publicUrl: config.publicUrl,
  });
  // The support console: a person's payments and refunds go through the payment provider.
  registerAdminRoutes(app, {
    db,
    config,
    auth,
    providers: providers.info,
    email,
    provider: payments.provider,
    log: app.log,
    payments: paymentsForSupport ?? createPaymentsForSupport({ db, provider: payments.provider }),
  });
  if (payments.local) {
    const { registerLocalPaymentRoutes } = await import('./integrations/payments/local/routes');
    registerLocalPaymentRoutes(app, { local: payments.local, config });
  }
  // Two days before a trial ends, the person is reminded once, by whichever instance claims it.
  const trialReminders = createTrialReminderJob({
    reminders: {
      db,
      config,
      provider: payments.provider,
      email,
      sms,
      contactOf: contactThroughAuth(auth),
      log: app.log,
    },
    intervalSeconds: config.trialReminders.intervalSeconds,
    log: app.log,
  });
  app.decorate('trialReminders', trialReminders);
  app.addHook('onReady', async () => trialReminders.start());
  app.addHook('preClose', () => trialReminders.stop());
  // Analytics and ad events past their days, expired sign-in rows, never-confirmed newsletter addresses.
  const retention = createRetentionJob({
    db,
    settings: config.retention,
    intervalSeconds: config.retention.intervalSeconds,
    log: app.log,
  });
  app.decorate('retention', retention);
  app.addHook('onReady', async () => retention.start());
  app.addHook('preClose', () => retention.stop());

  await registerWebApp(app, config.webDistDir, {
    publicUrl: config.publicUrl,
    pagePolicy: contentSecurityPolicy(config),
    paymentPagePolicy: contentSecurityPolicy(config, { paymentPage: true }),
    errorTracking: sentryBrowserDsn ? { dsn: sentryBrowserDsn, environment: config.appEnv } : null,
  });
  return app;
}
