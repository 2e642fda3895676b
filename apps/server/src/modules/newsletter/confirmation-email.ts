import { brand } from '@stillpoint/core';
import type { EmailMessage } from '../../integrations/email';

/** The e-mail a new newsletter sign-up gets, so a mistyped or borrowed address is noticed. */
export function confirmationEmail(to: string): EmailMessage {
  return {
    to,
    subject: `You're on the ${brand.name} newsletter`,
    text: [
      `Thanks for joining the ${brand.name} newsletter.`,
      '',
      `We'll write now and then with what's new in ${brand.name} and ideas for spending less time scrolling.`,
      '',
      `If you didn't sign up, write to ${brand.supportEmail} and we'll take this address off the list.`,
      '',
      `${brand.name} · ${brand.website}`,
    ].join('\n'),
  };
}
