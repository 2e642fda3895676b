import { brand, newsletterLinkPaths } from '@stillpoint/core';
import type { EmailMessage } from '../../integrations/email';
import { CONFIRMATION_LINK_LIFETIME_MS } from './limits';
import { linkTo, newsletterMail } from './newsletter-mail';

const LIFETIME_DAYS = Math.round(CONFIRMATION_LINK_LIFETIME_MS / (24 * 60 * 60 * 1000));

/**
 * The e-mail that asks an address to confirm its sign-up (double opt-in): nothing else is sent to
 * the address until its link is opened, so a mistyped or borrowed address gets this one and no more.
 */
export function confirmationEmail(
  to: string,
  {
    publicUrl,
    confirmToken,
    unsubscribeToken,
  }: { publicUrl: string; confirmToken: string; unsubscribeToken: string },
): EmailMessage {
  return newsletterMail(
    {
      to,
      subject: `Confirm your ${brand.name} newsletter sign-up`,
      text: [
        `Someone, hopefully you, asked for the ${brand.name} newsletter at this address. To start getting it, confirm here:`,
        '',
        linkTo(publicUrl, newsletterLinkPaths.confirm, confirmToken),
        '',
        `The link works once and for ${LIFETIME_DAYS} days. Until it is opened we send this address nothing but confirmations like this one.`,
        '',
        "If you didn't sign up, ignore this e-mail and you won't get the newsletter.",
      ].join('\n'),
    },
    { publicUrl, unsubscribeToken },
  );
}
