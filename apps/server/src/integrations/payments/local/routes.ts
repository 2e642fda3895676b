import { brand } from '@stillpoint/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../config';
import { AUTHENTICATION_FAILED_MESSAGE } from './cards';
import { attemptShown, finishedSessionUrl, isSessionOpen } from './checkout';
import { isLocalId } from './ids';
import type { LocalPaymentProvider } from './local-provider';
import { renderAuthenticatePage } from './pages/authenticate-page';
import { renderCheckoutPage } from './pages/checkout-page';
import { safeHref } from './pages/html';
import { messagePage } from './pages/layout';
import { renderPortalPage } from './pages/portal-page';
import { renderUpdateCardPage } from './pages/update-card-page';
import { LOCAL_PAY_PREFIX, localPayPaths } from './urls';

/** Per IP and route. Pages are cheap; each action writes, and confirm is where card numbers are tried. */
const limits = {
  page: { max: 300, timeWindow: '1 minute' },
  action: { max: 120, timeWindow: '1 minute' },
} as const;

const FORM_BODY_LIMIT = 16 * 1024;

type Form = Record<string, string | undefined>;
type IdParams = { Params: { id: string }; Querystring: Form; Body: Form };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The portal's one-line confirmations, chosen by a code in the URL so no text travels there. */
function noticeFor(query: Form): string | null {
  switch (query.notice) {
    case 'canceled':
      return 'Your plan is canceled. Premium stays on until the date shown.';
    case 'resumed':
      return 'Your plan is back on and renews as before.';
    case 'advanced': {
      const days = Math.min(Math.max(Number.parseInt(query.days ?? '0', 10) || 0, 0), 100_000);
      return `The clock moved forward ${days} ${days === 1 ? 'day' : 'days'}.`;
    }
    case 'nothing-due':
      return 'Nothing to move forward: no plan has a billing date ahead.';
    case 'charges-fail':
      return 'From now on, charges to this customer fail, until you let them succeed.';
    case 'charges-succeed':
      return 'Charges to this customer succeed again.';
    case 'card-updated':
      return 'Your card is updated. It pays for your plan from now on.';
    case 'card-updated-paid':
      return 'Your card is updated, and the payment that had failed went through with it.';
    default:
      return null;
  }
}

const confirmBody = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().max(40),
  expiry: z.string().max(20),
  cvc: z.string().max(10),
  returnUrl: z.string().max(2000).optional(),
});

/**
 * The local provider's pages (hosted checkout, card authentication, billing portal with its test
 * clock) and the embedded form's confirm call, all under /local-pay. Registered only when the
 * local provider runs, so never in production.
 */
export function registerLocalPaymentRoutes(
  app: FastifyInstance,
  deps: { local: LocalPaymentProvider; config: Config },
): void {
  const { local, config } = deps;
  const home = local.urls.home;

  app.register(async (scope) => {
    // Only these pages post HTML forms; the parser stays inside this plugin, every other route
    // keeps refusing urlencoded bodies.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

    const notFound = (reply: FastifyReply, what = 'payment page') =>
      html(
        reply,
        404,
        messagePage({
          title: 'Link expired',
          heading: 'This link has expired',
          text: `This ${what} does not exist or is no longer valid. Start again from ${brand.name}.`,
          link: { href: home, label: `Return to ${brand.name}` },
        }),
      );

    const pageRoute = { config: { rateLimit: limits.page } };
    const actionRoute = { config: { rateLimit: limits.action } };

    // ---- hosted checkout ----

    scope.get<IdParams>(localPayPaths.checkout(':id'), pageRoute, async (request, reply) => {
      const { id } = request.params;
      const session = isLocalId('cs', id) ? await local.checkoutSession(id) : null;
      if (!session) return notFound(reply, 'checkout');
      if (session.status === 'complete') {
        return html(
          reply,
          200,
          messagePage({
            title: 'Checkout complete',
            heading: 'This checkout is complete',
            text: 'It is finished already: there is nothing more to do here.',
            link: { href: safeHref(finishedSessionUrl(session), home), label: `Continue to ${brand.name}` },
          }),
        );
      }
      if (!isSessionOpen(session, Math.floor(Date.now() / 1000))) return notFound(reply, 'checkout');
      // A refused Pay redirects here with its attempt: the form again, with what was wrong.
      const attempt = attemptShown(session, request.query.attempt);
      const failedAuthentication =
        request.query.error === 'authentication_failed' ? AUTHENTICATION_FAILED_MESSAGE : null;
      return html(
        reply,
        200,
        renderCheckoutPage({
          session,
          homeUrl: home,
          values: attempt ? { email: attempt.email } : {},
          errors: attempt?.errors ?? {},
          alert: attempt?.alert ?? failedAuthentication,
        }),
      );
    });

    scope.post<IdParams>(localPayPaths.checkout(':id'), actionRoute, async (request, reply) => {
      const { id } = request.params;
      if (!isLocalId('cs', id)) return notFound(reply, 'checkout');
      const body = request.body ?? {};
      const form = {
        email: text(body.email),
        cardNumber: text(body.cardNumber),
        expiry: text(body.expiry),
        cvc: text(body.cvc),
      };
      // POST-redirect-GET: success, authentication, or the form again with its errors, each a
      // page of its own, so Back and reload never ask to send the card form again.
      const outcome = await local.submitCheckout(id, form);
      if (outcome.kind === 'redirect') return reply.redirect(outcome.url, 303);
      // A second press of Pay after the first went through lands where the first did.
      const session = await local.checkoutSession(id);
      if (session?.status === 'complete') return reply.redirect(finishedSessionUrl(session), 303);
      return notFound(reply, 'checkout');
    });

    // ---- card authentication (3D Secure) ----

    scope.get<IdParams>(localPayPaths.authenticate(':id'), pageRoute, async (request, reply) => {
      const intent = await local.authenticationIntent(request.params.id);
      if (!intent) return notFound(reply, 'authentication page');
      return html(reply, 200, renderAuthenticatePage(intent));
    });

    scope.post<IdParams>(localPayPaths.authenticate(':id'), actionRoute, async (request, reply) => {
      const outcome = request.body?.outcome;
      if (outcome !== 'complete' && outcome !== 'fail') {
        const intent = await local.authenticationIntent(request.params.id);
        if (!intent) return notFound(reply, 'authentication page');
        // Neither button: the same page again, by GET like every answer to these forms.
        return reply.redirect(localPayPaths.authenticate(intent.id), 303);
      }
      const next = await local.finishAuthentication(request.params.id, outcome);
      if (!next) return notFound(reply, 'authentication page');
      return reply.redirect(next, 303);
    });

    // ---- billing portal and test clock ----

    const portalPage = (id: string, query: Record<string, string>) => {
      const search = new URLSearchParams(query).toString();
      return `${localPayPaths.portal(id)}${search ? `?${search}` : ''}`;
    };

    scope.get<IdParams>(localPayPaths.portal(':id'), pageRoute, async (request, reply) => {
      const { id } = request.params;
      const view = isLocalId('bps', id) ? await local.portalView(id) : null;
      if (!view) return notFound(reply, 'billing link');
      return html(
        reply,
        200,
        renderPortalPage({
          view,
          homeUrl: home,
          notice: noticeFor(request.query),
          showClock: !config.isProduction,
        }),
      );
    });

    // The card page (Stripe's payment_method_update): a new card, which pays what a past-due plan
    // owes at once. Its POST answers with a redirect to a page, like the checkout's.
    scope.get<IdParams>(localPayPaths.portalCard(':id'), pageRoute, async (request, reply) => {
      const { id } = request.params;
      const view = isLocalId('bps', id) ? await local.cardPage(id, request.query.attempt) : null;
      if (!view) return notFound(reply, 'billing link');
      return html(reply, 200, renderUpdateCardPage(view, home));
    });

    scope.post<IdParams>(localPayPaths.portalCard(':id'), actionRoute, async (request, reply) => {
      const { id } = request.params;
      if (!isLocalId('bps', id)) return notFound(reply, 'billing link');
      const body = request.body ?? {};
      const outcome = await local.updateCard(id, {
        cardNumber: text(body.cardNumber),
        expiry: text(body.expiry),
        cvc: text(body.cvc),
      });
      if (outcome.kind === 'gone') return notFound(reply, 'billing link');
      return reply.redirect(outcome.url, 303);
    });

    for (const action of ['cancel', 'resume'] as const) {
      scope.post<IdParams>(
        `${localPayPaths.portal(':id')}/${action}`,
        actionRoute,
        async (request, reply) => {
          const { id } = request.params;
          const subscriptionId = text(request.body?.subscription);
          const changed = isLocalId('bps', id) && (await local.changePlan(id, subscriptionId, action));
          if (!changed) return notFound(reply, 'billing link');
          return reply.redirect(
            portalPage(id, { notice: action === 'cancel' ? 'canceled' : 'resumed' }),
            303,
          );
        },
      );
    }

    if (!config.isProduction) {
      for (const [action, target] of [
        ['advance', 'nextBillingDate'],
        ['reminder', 'trialReminder'],
      ] as const) {
        scope.post<IdParams>(
          `${localPayPaths.portal(':id')}/clock/${action}`,
          actionRoute,
          async (request, reply) => {
            const { id } = request.params;
            const moved = isLocalId('bps', id) ? await local.advanceClock(id, target) : undefined;
            if (moved === undefined) return notFound(reply, 'billing link');
            if (moved === null) return reply.redirect(portalPage(id, { notice: 'nothing-due' }), 303);
            const days = String(Math.round(moved / 86_400));
            return reply.redirect(portalPage(id, { notice: 'advanced', days }), 303);
          },
        );
      }

      scope.post<IdParams>(
        `${localPayPaths.portal(':id')}/clock/charges`,
        actionRoute,
        async (request, reply) => {
          const { id } = request.params;
          const outcome = request.body?.outcome;
          if (outcome !== 'fail' && outcome !== 'succeed') return reply.redirect(portalPage(id, {}), 303);
          const changed = isLocalId('bps', id) && (await local.setChargesFail(id, outcome === 'fail'));
          if (!changed) return notFound(reply, 'billing link');
          return reply.redirect(
            portalPage(id, { notice: outcome === 'fail' ? 'charges-fail' : 'charges-succeed' }),
            303,
          );
        },
      );
    }

    // ---- the embedded form's confirmation ----

    scope.post(localPayPaths.confirmApi, actionRoute, async (request, reply) => {
      const parsed = confirmBody.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'body';
        return reply.status(400).send({
          error: {
            message: `Send clientSecret, cardNumber, expiry and cvc as text (${field} is missing or invalid).`,
          },
        });
      }
      const result = await local.confirmIntent(parsed.data);
      return reply.status(result.httpStatus).header('cache-control', 'no-store').send(result.body);
    });

    scope.all(`${LOCAL_PAY_PREFIX}/*`, pageRoute, async (_request, reply) => notFound(reply));
  });
}
