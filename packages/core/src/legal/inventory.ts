import {
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  DEFAULT_NEWSLETTER_UNCONFIRMED_RETENTION_DAYS,
} from '../constants/account';
import type { PersonalDataKind } from './types';

// The data inventory of the privacy policy (privacy.ts): each kind of personal data Stillpoint
// holds, why, on what basis, for how long, and which services (processors.ts) receive it.

/**
 * Every kind of personal data Stillpoint holds, with why, on what basis, for how long and who
 * else receives it. `tables` names where each lives; a server test fails when a table of the
 * schema is in neither this list nor TABLES_WITHOUT_PERSONAL_DATA.
 */
export const PERSONAL_DATA: readonly PersonalDataKind[] = [
  {
    id: 'data-account',
    name: 'Your account',
    what: 'Your phone number, or the name, e-mail address and profile picture your Google or Apple account shares with us; the sign-in methods of your account and the tokens Google or Apple give us when you sign in; when the account was made.',
    why: 'To let you sign in, and to know which data is yours.',
    basis: ['contract'],
    kept: 'Until your account is deleted.',
    sharedWith: ['twilio', 'google', 'apple', 'hosting'],
    tables: ['user', 'account'],
  },
  {
    id: 'data-sign-in',
    name: 'Sign-in and security',
    what: 'Sign-in codes sent by text message and when they were sent; your sessions (the browser or app, its IP address, when it was last used); the one-time tokens that hand your session to the Chrome extension, stored only as a hash.',
    why: 'To keep you signed in, to let you end a session, and to stop code guessing and text message abuse.',
    basis: ['contract', 'legitimateInterest'],
    kept: 'A code: until it is used, or 5 minutes. A record of a code sent: one hour, for the sending limits. A session: until you sign out, or 30 days after it was last used. An extension token: until it is used, or 5 minutes.',
    sharedWith: ['twilio', 'botCheck', 'hosting'],
    tables: ['session', 'verification', 'otp_send_log', 'extension_exchange_token'],
  },
  {
    id: 'data-sites',
    name: 'Your sites, sessions and pauses',
    what: 'The sites you choose to pause before and their daily budgets; each session you start on them (when, and for how long); each pause and what you did next (turned back or went in).',
    why: 'This is the service: pausing before those sites, counting your budgets and showing your insights.',
    basis: ['contract'],
    kept: 'Until you delete the site (its sessions and pauses go with it) or your account.',
    sharedWith: ['hosting'],
    tables: ['browser_site', 'browser_site_session', 'intercept_outcome'],
  },
  {
    id: 'data-settings',
    name: 'Your settings and profile',
    what: 'Which feeds you block; your display name; when your day streak started; your time zone offset, so days follow your own day; the e-mail address a trial link was sent to, if you came from one.',
    why: 'To run Stillpoint the way you set it up.',
    basis: ['contract'],
    kept: 'Until your account is deleted.',
    sharedWith: ['hosting'],
    tables: ['feedblocking_settings', 'profile'],
  },
  {
    id: 'data-phone',
    name: 'Phone use, from the Stillpoint app',
    what: 'The apps you limit on your phone (name, daily budget, their web addresses), their opens and minutes per day, and your total screen time per day, as the phone app reports them.',
    why: 'To show your phone use, budgets and streak on your home page.',
    basis: ['contract'],
    kept: 'Until you stop limiting the app in the phone app (its history goes with it) or your account is deleted.',
    sharedWith: ['hosting'],
    tables: ['mobile_app', 'mobile_app_daily_usage', 'mobile_app_weekly_usage', 'mobile_screen_time'],
  },
  {
    id: 'data-answers',
    name: 'Your answers when you start',
    what: 'What you tell us while getting started: what you want from Stillpoint, how you heard of us, your age range, your occupation, and what distracts you most.',
    why: 'To set Stillpoint up for you and show a plan that fits; taken together, to understand who Stillpoint helps.',
    basis: ['contract', 'legitimateInterest'],
    kept: 'Until your account is deleted. New answers replace the old.',
    sharedWith: ['hosting'],
    tables: ['onboarding_answers', 'web_first_answers'],
  },
  {
    id: 'data-premium',
    name: 'Premium, trials and payments',
    what: 'Whether you have premium and where it came from (a trial, a web plan, the App Store, Google Play or a gift); your trial; your customer and subscription at Stripe: the plan, its status and dates, how it is paid as you would read it ("Visa ending in 4242") and where its receipt went; the reminders we send before a trial ends; which version of the terms you agreed to, and when, with each purchase or trial. We never see or store a card number.',
    why: 'To give you what you paid for, to charge and renew as agreed, to send receipts and trial reminders, and to keep the payment records the law requires.',
    basis: ['contract', 'legalObligation'],
    kept: 'While your account exists. If it is deleted, our copy goes, and which version of the terms you agreed to stays without the link to you; Stripe keeps the records of payments (invoices and receipts) for as long as tax and accounting law requires.',
    sharedWith: ['stripe', 'revenuecat', 'apple', 'google', 'email', 'twilio', 'hosting'],
    tables: [
      'entitlement',
      'free_trial',
      'payment_customer',
      'payment_subscription',
      'trial_reminder',
      'terms_agreement',
    ],
  },
  {
    id: 'data-gifts',
    name: 'Gifts',
    what: 'For a gift you buy: the e-mail address you give at checkout, your account if you were signed in, how many years and their codes. For a code you redeem: your account and when.',
    why: 'To send the codes to the buyer, to let each code be redeemed once, and to keep the payment records the law requires.',
    basis: ['contract', 'legalObligation'],
    kept: 'For as long as tax and accounting law requires payment records to be kept. If your account is deleted, the purchase and its codes stay without the link to it.',
    sharedWith: ['stripe', 'email', 'hosting'],
    tables: ['gift_purchase', 'redemption_code'],
  },
  {
    id: 'data-newsletter',
    name: 'The newsletter',
    what: 'Your e-mail address, when you signed up, confirmed and unsubscribed, and the confirmation e-mails we sent (their links are stored only as a hash).',
    why: 'To send the newsletter you asked for, once you have confirmed the address.',
    basis: ['consent'],
    kept: `Until you unsubscribe, with the link in every e-mail. We then keep the address marked as unsubscribed, so that it gets nothing more; write to us to have it removed entirely. An address that is never confirmed gets nothing but the confirmation e-mail, and is deleted after ${DEFAULT_NEWSLETTER_UNCONFIRMED_RETENTION_DAYS} days.`,
    sharedWith: ['email', 'hosting'],
    tables: ['newsletter_signup', 'newsletter_confirmation'],
  },
  {
    id: 'data-feedback',
    name: 'Feedback and support',
    what: 'What you write in the feedback form, a restore-purchase request or the uninstall survey, and the page it came from; when you were signed in, your account, e-mail address or phone number, and the e-mail a trial link was sent to. The uninstall survey also sends the extension’s version and a random install reference that nothing links to your account.',
    why: 'To answer you, and to make Stillpoint better.',
    basis: ['legitimateInterest'],
    kept: 'Until you ask us to delete it.',
    sharedWith: ['teamChat', 'hosting'],
    tables: ['feedback_message'],
  },
  {
    id: 'data-analytics',
    name: 'Product analytics',
    what: 'Events from the web app: a step of getting started, a quiz answer, a site added or edited, how far a page was scrolled, an error; each with its time and, when you are signed in, your account id.',
    why: 'To see which parts of Stillpoint help and which get in the way, and to fix errors.',
    basis: ['consent', 'legitimateInterest'],
    kept: `${DEFAULT_ANALYTICS_RETENTION_DAYS} days, then deleted. If your account is deleted sooner, the events stay without the link to you until then. Events sent while signed out are never linked to anyone.`,
    sharedWith: ['analytics', 'hosting'],
    tables: ['analytics_event'],
  },
  {
    id: 'data-ads',
    name: 'Ad measurement',
    what: 'Milestones of getting started (such as viewing a plan, signing up or buying), each with its time and, when you are signed in, your account id. They are passed on to TikTok with your IP address and browser (user agent), which we do not store.',
    why: 'To learn whether our ads reach people Stillpoint helps, so we can spend less on those that do not.',
    basis: ['consent', 'legitimateInterest'],
    kept: `${DEFAULT_ANALYTICS_RETENTION_DAYS} days, then deleted. If your account is deleted sooner, the events stay without the link to you until then.`,
    sharedWith: ['tiktok', 'hosting'],
    tables: ['ad_event'],
  },
  {
    id: 'data-referrals',
    name: 'Your referral link',
    what: 'When someone opens the link you share: that it was opened, when, and whether they went on to the app store. Nothing about the person who opened it.',
    why: 'To show you how many people your link reached.',
    basis: ['legitimateInterest'],
    kept: 'While your account exists; after it is deleted, the visits stay as counts without the link to you.',
    sharedWith: ['hosting'],
    tables: ['referral_view'],
  },
  {
    id: 'data-links',
    name: 'Short links to the app',
    what: 'The short links made for you to open Stillpoint on another device: where each leads, which sign-in method it suggests, and your account.',
    why: 'To send you to the right app store or page for your device.',
    basis: ['contract'],
    kept: 'A link keeps working after your account is deleted, without the link to you.',
    sharedWith: ['hosting'],
    tables: ['deep_link'],
  },
  {
    id: 'data-support',
    name: 'What our support team did for you',
    what: 'When our support team acts on your account (grants or ends premium, refunds a payment, resends a gift e-mail, deletes the account), a record of it: when, what was done, your account id, the thing acted on and the reason the team member gave.',
    why: 'So that every action the team takes on an account is accountable and can be checked later.',
    basis: ['legitimateInterest'],
    kept: 'Kept after your account is deleted, naming you only by an account id that then belongs to no one, as the record of what was done, the deletion included.',
    sharedWith: ['hosting'],
    tables: ['admin_audit_event'],
  },
  {
    id: 'data-repeats',
    name: 'Requests that must happen once',
    what: 'When you press a button that buys, starts a trial or sends something: your account id (or, signed out, your IP address), a fingerprint of the request and our answer.',
    why: 'So that a double press or a retry never charges you or sends anything twice.',
    basis: ['contract', 'legitimateInterest'],
    kept: '24 hours.',
    sharedWith: ['hosting'],
    tables: ['idempotency_key'],
  },
  {
    id: 'data-logs',
    name: 'Server logs',
    what: 'For each request to our server: when, the address asked for, the answer, your IP address and a request id. Logs never hold sign-in codes, session tokens, card numbers, full phone numbers or what you type.',
    why: 'To keep Stillpoint running and secure, and to find and fix errors.',
    basis: ['legitimateInterest'],
    kept: 'For a limited time, for security and troubleshooting.',
    sharedWith: ['hosting'],
    tables: [],
  },
];

/**
 * Tables of the schema that hold nothing about a person, with why: the server's coverage test
 * accepts them without a place in PERSONAL_DATA.
 */
export const TABLES_WITHOUT_PERSONAL_DATA: Readonly<Record<string, string>> = {
  supported_app: 'the catalogue of phone apps Stillpoint recognises',
  processed_payment_event: 'the ids and types of payment events already handled, and when',
  local_payment_object:
    'the local test payment provider’s objects, used only in development and testing, never in production',
};
