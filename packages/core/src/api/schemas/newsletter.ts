import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { acknowledgedSchema } from './common';
import { emailSchema } from './fields';

/** What a newsletter link carries: the server's random key, in URL-safe base64 or hex. */
export const NEWSLETTER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

/**
 * Where the newsletter's e-mails link to, on the site's own origin, with the key in `?token=`: the
 * web app's confirm and unsubscribe pages, and the address mail clients post RFC 8058's one-click
 * unsubscribe to (List-Unsubscribe).
 */
export const newsletterLinkPaths = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
  oneClickUnsubscribe: '/api/newsletter/unsubscribe',
} as const;
export const NEWSLETTER_TOKEN_PARAM = 'token';

const newsletterTokenBodySchema = z.strictObject({
  token: z
    .string({ error: 'token must be text' })
    .check(z.regex(NEWSLETTER_TOKEN_PATTERN, 'This link is not complete: open it from the e-mail again.')),
});

/**
 * What opening a confirmation link did: `confirmed` now, `alreadyConfirmed` (the link was used, or
 * the address confirmed through another), `expired` (sign up again for a new link), `invalid` (no
 * such link, or one replaced since: the address unsubscribed).
 */
export const NEWSLETTER_CONFIRMATION_OUTCOMES = [
  'confirmed',
  'alreadyConfirmed',
  'expired',
  'invalid',
] as const;
export type NewsletterConfirmationOutcome = (typeof NEWSLETTER_CONFIRMATION_OUTCOMES)[number];

/** What an unsubscribe press did; unsubscribing again answers `unsubscribed` again. */
export const NEWSLETTER_UNSUBSCRIBE_OUTCOMES = ['unsubscribed', 'invalid'] as const;
export type NewsletterUnsubscribeOutcome = (typeof NEWSLETTER_UNSUBSCRIBE_OUTCOMES)[number];

export const newsletterEndpoints = {
  joinNewsletter: defineEndpoint({
    method: 'POST',
    path: '/joinNewsletter',
    summary:
      'Sign an e-mail up for the newsletter (double opt-in): an address not yet confirmed is sent a confirmation link. The answer is the same whether or not the address was on the list.',
    auth: 'public',
    body: z.strictObject({ email: emailSchema }),
    idempotent: true,
    response: acknowledgedSchema,
  }),
  confirmNewsletter: defineEndpoint({
    method: 'POST',
    path: '/confirmNewsletter',
    summary:
      "Confirm a newsletter sign-up with the token of the confirmation e-mail's link. Single use; the link expires. Stillpoint addition.",
    auth: 'public',
    body: newsletterTokenBodySchema,
    response: z.object({ status: z.enum(NEWSLETTER_CONFIRMATION_OUTCOMES) }),
  }),
  unsubscribeNewsletter: defineEndpoint({
    method: 'POST',
    path: '/unsubscribeNewsletter',
    summary:
      "Take an address off the newsletter with the token of a newsletter e-mail's unsubscribe link; doing it twice is fine. Stillpoint addition.",
    auth: 'public',
    body: newsletterTokenBodySchema,
    response: z.object({ status: z.enum(NEWSLETTER_UNSUBSCRIBE_OUTCOMES) }),
  }),
};
