import { brand } from '../brand';
import { FEEDBLOCKING_SITE_LABELS, FEEDBLOCKING_SITES } from '../constants/feedblocking';
import { FREE_TRIAL_DAYS, GIFT_DURATION_YEARS, GIFT_PRICE_CENTS, planPrices } from '../constants/plans';
import { REDEEM_PATH } from '../rules/gift';
import { englishList } from '../rules/intl-formats';
import { formatPrice } from '../rules/prices';
import { TRIAL_REMINDER_LEAD_DAYS } from '../rules/trial-reminder';
import { LEGAL_PATHS } from './paths';
import type { LegalDocument } from './types';

// The terms of service of /terms. docs/privacy.md says how to change them: any change bumps both
// TERMS_LAST_UPDATED and TERMS_VERSION, since a purchase records the version its buyer agreed to.

/** The day these terms last changed (`YYYY-MM-DD`), shown as "Last updated". */
export const TERMS_LAST_UPDATED = '2026-11-29';

/**
 * Which terms a person agreed to: recorded with a purchase, so it names one text for good. A new
 * text gets a new version, never an old one again.
 */
export const TERMS_VERSION = '2026-11-29.2';

const support = `[${brand.supportEmail}](mailto:${brand.supportEmail})`;
const monthly = formatPrice(planPrices.monthly.cents);
const annual = formatPrice(planPrices.annual.cents);
const gift = formatPrice(GIFT_PRICE_CENTS);
const feedSites = englishList(FEEDBLOCKING_SITES.map((site) => FEEDBLOCKING_SITE_LABELS[site]));

export const termsOfService: LegalDocument = {
  title: 'Terms of service',
  lastUpdated: TERMS_LAST_UPDATED,
  intro: `The agreement between you and ${brand.name} (“we”, “us”) when you use the ${brand.name} web app, the Chrome extension and the phone apps, and when you buy premium or a gift.`,
  notLegalAdvice:
    'We wrote these terms in plain words so that you can read what you agree to. They are not legal advice.',
  sections: [
    {
      id: 'service',
      heading: 'The service',
      blocks: [
        {
          kind: 'paragraph',
          text: `${brand.name} puts a pause before the sites and apps you choose, with a daily budget of sessions for each; blocks the feeds of ${feedSites}; and shows how you use your time, on the web, in the Chrome extension and in the phone apps.`,
        },
        {
          kind: 'paragraph',
          text: `${brand.name} is a tool for your own habits. It is not medical or psychological treatment; if your phone or internet use worries you, talk to a professional.`,
        },
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account',
      blocks: [
        {
          kind: 'list',
          items: [
            'You sign in with a phone number, Google or Apple. Use a number or account that is yours.',
            'Your account is for you alone. Keep access to your phone number or your Google or Apple account safe: whoever has it can sign in as you.',
            'Tell us at once if you think someone else has used your account.',
            `How we handle your data is in our [privacy policy](${LEGAL_PATHS.privacy}).`,
          ],
        },
      ],
    },
    {
      id: 'premium',
      heading: 'Premium, trials and renewal',
      blocks: [
        {
          kind: 'paragraph',
          text: `Premium costs ${monthly} a month or ${annual} a year. Other offers, such as a two-year plan or a lower yearly price for returning members, show their price and period before you buy. Web prices are in US dollars unless the checkout shows another currency; in the App Store and Google Play, the store shows its own price in your currency. The checkout always shows what you pay and when.`,
        },
        {
          kind: 'list',
          items: [
            `**Free trial.** Each person gets one ${FREE_TRIAL_DAYS}-day free trial of premium. A trial you start without a card ends by itself and costs nothing. A trial you start at checkout turns into the plan you chose when it ends: the first charge comes on the day the checkout shows, unless you cancel before then. If you have had a trial before, the plan is charged from the first day.`,
            `**Reminder.** About ${TRIAL_REMINDER_LEAD_DAYS} days before a trial ends, we remind you by e-mail or text message, to the address or number of your account.`,
            '**Renewal.** A plan renews automatically at the end of each period (a month, a year or two years) and is charged again each time, until you cancel.',
            '**Price changes.** If the price of your plan changes, we tell you before the renewal it applies to, so you can cancel first.',
            '**Failed payments.** If a renewal cannot be charged, premium may stop until the payment goes through.',
          ],
        },
      ],
    },
    {
      id: 'cancelling',
      heading: 'Cancelling',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You can cancel at any time. Premium then stays until the end of the period you have paid for (or the end of your trial), and nothing more is charged.',
        },
        {
          kind: 'list',
          items: [
            '**Bought on the web:** sign in, open Subscription, choose Manage subscription, and cancel in the billing portal.',
            '**Bought on an iPhone:** in Settings, tap your name, then Subscriptions, then Stillpoint.',
            '**Bought on Android:** in the Google Play Store, tap your profile picture, then Payments & subscriptions, then Subscriptions.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Deleting the app, removing the Chrome extension or deleting your account does not cancel a subscription bought in the App Store or Google Play: cancel it in the store.',
        },
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      blocks: [
        {
          kind: 'list',
          items: [
            'Cancelling stops the next renewal; the period already started is not refunded.',
            `If you were charged by mistake, for example for a second subscription, write to ${support} and we refund it.`,
            'Purchases in the App Store or Google Play are refunded by Apple or Google, under their own rules: ask them.',
            'Nothing in these terms takes away a right the law gives you as a consumer, such as a right to withdraw from a purchase where it applies.',
          ],
        },
      ],
    },
    {
      id: 'gifts',
      heading: 'Gifts',
      blocks: [
        {
          kind: 'list',
          items: [
            `A gift is ${GIFT_DURATION_YEARS} year of premium for ${gift}, paid once. It never renews.`,
            'Each gifted year comes as a code, sent to the e-mail address given at checkout. Anyone who has the code can redeem it, so share it only with the person it is for.',
            `A code is redeemed once, by a signed-in person, at [${REDEEM_PATH}](${REDEEM_PATH}). Its year is added after any premium the person already has that does not renew. While a subscription of theirs still renews, they turn renewal off first.`,
          ],
        },
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        { kind: 'paragraph', text: 'Please do not:' },
        {
          kind: 'list',
          items: [
            'break the law with Stillpoint, or use it to harm anyone;',
            'try to get into someone else’s account or data, or to get around what we charge for;',
            'attack, overload or probe our service, or sign up or send requests in bulk with scripts;',
            'copy, resell or rebrand Stillpoint.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Feedback you send helps us improve Stillpoint, and we may use it for that without owing anything for it.',
        },
      ],
    },
    {
      id: 'extension',
      heading: 'The Chrome extension',
      blocks: [
        {
          kind: 'list',
          items: [
            'Chrome lists the extension’s access as “all sites”, since you may choose any site to pause before. It uses that access only to send the sites on your list to a pause and to hide the feeds of the six sites you switch on.',
            'It signs in with your account and keeps its own session: signing out of the web app does not sign it out.',
            'Removing it stops it at once. Chrome then opens a page that asks why; answering is up to you.',
          ],
        },
      ],
    },
    {
      id: 'liability',
      heading: 'Availability and liability',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We work to keep Stillpoint available and working as described, but we cannot promise that it will never be interrupted or never miss a pause, for example when a browser or phone stops it.',
        },
        {
          kind: 'paragraph',
          text: 'As far as the law allows, we are not liable for indirect or unforeseeable losses, and our liability to you is limited to what you paid us in the twelve months before the claim. Nothing in these terms limits liability that the law does not allow to be limited.',
        },
      ],
    },
    {
      id: 'ending',
      heading: 'Ending',
      blocks: [
        {
          kind: 'paragraph',
          text: `You can stop using Stillpoint at any time: cancel your plan and, if you wish, delete your account on your [account page](/account) (deleting it also ends a web plan at once, without a refund for the time left) or ask us at ${support} to delete it. We may suspend or close an account that breaks these terms, and we tell you why when we can.`,
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        {
          kind: 'paragraph',
          text: 'When these terms change, their date and version at the top change with them. When a change matters to you, we tell you in the app or by e-mail before it applies; if you do not agree, you can cancel before then.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        {
          kind: 'paragraph',
          text: `Questions about these terms or your subscription: ${support}.`,
        },
      ],
    },
  ],
};
