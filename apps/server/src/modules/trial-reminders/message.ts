import { brand, formatLongDate, formatPrice, type SubscriptionPriceKind } from '@stillpoint/core';
import type { EmailMessage } from '../../integrations/email';
import { emailDocument, escapeHtml } from '../../integrations/email/html';
import type { SmsMessage } from '../../integrations/sms';

/** What happens when a paid plan's trial ends: its first charge. */
export interface FirstCharge {
  amountCents: number;
  currency: string;
  /** Which plan the price is; null for a price this environment does not name. */
  plan: SubscriptionPriceKind | null;
  /** 'Visa ending in 4242'; null without a card on file. */
  paymentMethod: string | null;
}

/** Everything a reminder says, all of it read from the trial as it stands. */
export interface ReminderFacts {
  trialEndsAt: Date;
  /** The subscription page, where the trial is kept (a plan) or canceled (the billing portal). */
  subscriptionUrl: string;
  /** null for the no-card trial, which charges nothing. */
  firstCharge: FirstCharge | null;
}

const planNames: Record<SubscriptionPriceKind, string> = {
  monthly: 'monthly plan',
  annual: 'yearly plan',
  biennial: '2-year plan',
};
const periods: Record<SubscriptionPriceKind, string> = {
  monthly: 'every month',
  annual: 'every year',
  biennial: 'every 2 years',
};

/** The subject and the paragraphs of the e-mail, and the one text message. */
function wording({ trialEndsAt, subscriptionUrl: url, firstCharge }: ReminderFacts) {
  // In UTC, like the subscription page's dates: the server cannot know the reader's zone.
  const date = formatLongDate(trialEndsAt);
  const opening = `Your free trial of ${brand.name} Premium ends on ${date}.`;
  if (!firstCharge) {
    return {
      subject: `Your ${brand.name} free trial ends on ${date}`,
      paragraphs: [
        opening,
        'When it ends, your premium ends too. Nothing is charged: the free trial never asked for a card.',
        `To keep premium, choose a plan before then: ${url}`,
      ],
      sms: `${brand.name}: your free trial ends on ${date}. Then premium ends; nothing is charged. To keep premium, choose a plan: ${url}`,
    };
  }
  const amount = formatPrice(firstCharge.amountCents, firstCharge.currency);
  const plan = firstCharge.plan ? planNames[firstCharge.plan] : 'plan';
  const then = firstCharge.plan ? `, and then ${amount} ${periods[firstCharge.plan]} until you cancel` : '';
  const manage = `open ${url} and choose "Manage subscription"`;
  const card = firstCharge.paymentMethod;
  return {
    subject: `Your ${brand.name} trial ends on ${date}: your first charge is ${amount}`,
    paragraphs: [
      opening,
      card
        ? `Then your ${plan} starts: on ${date}, your ${card} is charged ${amount}${then}.`
        : `Then your ${plan} starts, with a first payment of ${amount} due on ${date}${then}.`,
      card
        ? 'To keep premium, there is nothing to do.'
        : `No card is on file yet. To keep premium, add one before then: ${manage}.`,
      `To cancel, ${manage} and cancel before ${date}: you will not be charged.`,
    ],
    sms: `${brand.name}: your free trial ends on ${date}. Then your ${plan} starts and ${amount} is ${card ? 'charged' : 'due'}. To cancel before then: ${url}`,
  };
}

/** The reminder as an e-mail: plain text, and HTML with the link as a link. */
export function reminderEmail(to: string, facts: ReminderFacts): EmailMessage {
  const { subject, paragraphs } = wording(facts);
  const footer = [
    `Questions? Write to ${brand.supportEmail} and we'll help.`,
    `${brand.name} · ${brand.website}`,
  ];
  const text = [...paragraphs, ...footer].join('\n\n');
  const url = escapeHtml(facts.subscriptionUrl);
  const html = emailDocument({
    subject,
    content: `${paragraphs.map((line) => `<p>${escapeHtml(line).replace(url, `<a href="${url}">${url}</a>`)}</p>`).join('\n')}`,
  });
  return { to, subject, text, html };
}

/** The reminder as a text message, for an account with a phone number and no e-mail. */
export function reminderSms(to: string, facts: ReminderFacts): SmsMessage {
  return { to, body: wording(facts).sms };
}
