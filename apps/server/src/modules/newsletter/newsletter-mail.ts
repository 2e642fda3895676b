import { brand, NEWSLETTER_TOKEN_PARAM, newsletterLinkPaths } from '@stillpoint/core';
import type { EmailMessage } from '../../integrations/email';

/** An address on the site's own origin that carries a link key. */
export const linkTo = (publicUrl: string, path: string, token: string): string =>
  `${publicUrl}${path}?${new URLSearchParams({ [NEWSLETTER_TOKEN_PARAM]: token })}`;

/**
 * Every newsletter e-mail goes out through this: below its text, the unsubscribe link (a page with
 * a button, since mail scanners open links by themselves), and RFC 8058's headers, with which a mail
 * client offers its own unsubscribe button that posts to the one-click address, no page and no
 * sign-in needed.
 */
export function newsletterMail(
  message: Pick<EmailMessage, 'to' | 'subject' | 'text'>,
  { publicUrl, unsubscribeToken }: { publicUrl: string; unsubscribeToken: string },
): EmailMessage {
  return {
    ...message,
    text: [
      message.text,
      '',
      '—',
      `Unsubscribe from the ${brand.name} newsletter: ${linkTo(publicUrl, newsletterLinkPaths.unsubscribe, unsubscribeToken)}`,
      `${brand.name} · ${brand.website}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${linkTo(publicUrl, newsletterLinkPaths.oneClickUnsubscribe, unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
