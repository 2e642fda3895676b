import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { DevIdp } from '../identity-providers/stand-in-clients';
import type { DevAccountStore } from './accounts';
import { readIdentityForm } from './identity-form';
import { renderErrorPage, renderInteractionPage } from './page';
import { interactionPath } from './provider';

interface InteractionRoutesOptions {
  idp: DevIdp;
  provider: () => Promise<Provider>;
  accounts: DevAccountStore;
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

const SUPPORTED_SCOPES = new Set(['openid', 'email', 'profile']);
const EXPIRED_MESSAGE = 'This sign-in request has expired or was already finished.';

/**
 * The person-facing half of the provider: the identity picker and its two answers (approve,
 * cancel). Both hand the result back to oidc-provider, which finishes the authorization request.
 */
export async function registerInteractionRoutes(
  scope: FastifyInstance,
  { idp, provider, accounts }: InteractionRoutesOptions,
): Promise<void> {
  // This scope only ever receives the page's own small urlencoded forms.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

  /** The interaction named in the URL, if it is the one this browser's signed cookie points at. */
  const load = async (request: UidRequest, reply: FastifyReply): Promise<Interaction | null> => {
    try {
      const interaction = await (await provider()).interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : null;
    } catch (error) {
      if (error instanceof Error && error.name === 'SessionNotFound') return null;
      throw error;
    }
  };

  const path = interactionPath(idp, ':uid');

  scope.get(path, async (request: UidRequest, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return html(reply, 400, renderErrorPage(idp, EXPIRED_MESSAGE));
    return html(reply, 200, renderInteractionPage({ idp, action: interactionPath(idp, interaction.uid) }));
  });

  scope.post(path, async (request: UidRequest, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return html(reply, 400, renderErrorPage(idp, EXPIRED_MESSAGE));
    const form = readIdentityForm(request.body);
    if (!form.ok) {
      const action = interactionPath(idp, interaction.uid);
      return html(
        reply,
        400,
        renderInteractionPage({ idp, action, values: form.values, errors: form.errors }),
      );
    }
    const account = accounts.remember(form.identity);
    // Approving here is the consent too: grant what was asked for, limited to what this provider has.
    const grant = new (await provider()).Grant({
      accountId: account.sub,
      clientId: String(interaction.params.client_id),
    });
    const requested = String(interaction.params.scope ?? '').split(' ');
    grant.addOIDCScope(requested.filter((scopeName) => SUPPORTED_SCOPES.has(scopeName)));
    const grantId = await grant.save();
    const returnTo = await (await provider()).interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: account.sub, remember: false }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });

  scope.post(`${path}/abort`, async (request: UidRequest, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return html(reply, 400, renderErrorPage(idp, EXPIRED_MESSAGE));
    const returnTo = await (await provider()).interactionResult(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });
}
