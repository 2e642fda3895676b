import type { LegalBasis, Processor } from './types';

// The services that process personal data for Stillpoint, and the legal bases the inventory
// (inventory.ts) names: what any legal page's data cards need, apart from the inventory itself.

/** Each legal basis as the data inventory names it, and what it means (GDPR Art. 6(1)). */
export const LEGAL_BASES: Readonly<Record<LegalBasis, { name: string; meaning: string }>> = {
  contract: {
    name: 'Contract',
    meaning: 'we need it to give you the service you signed up for (Art. 6(1)(b)).',
  },
  consent: {
    name: 'Consent',
    meaning: 'you said yes, and you can withdraw it at any time (Art. 6(1)(a)).',
  },
  legitimateInterest: {
    name: 'Legitimate interest',
    meaning:
      'we need it to run, protect or improve Stillpoint, in ways you would expect, and you may object (Art. 6(1)(f)).',
  },
  legalObligation: {
    name: 'Legal obligation',
    meaning: 'the law requires us to keep it, such as tax records (Art. 6(1)(c)).',
  },
};

/** The services that handle personal data for Stillpoint, or that a person meets through it. */
export const PROCESSORS: readonly Processor[] = [
  {
    id: 'stripe',
    name: 'Stripe',
    role: 'Takes payments on the web and keeps the card on file; its billing portal is where a web subscription is managed and cancelled.',
    receives:
      'Your e-mail address, the card or other payment details you type into its fields (we never see a card number) and what you buy.',
  },
  {
    id: 'twilio',
    name: 'Twilio',
    role: 'Sends our text messages: sign-in codes, and trial reminders to accounts that sign in with a phone number.',
    receives: 'Your phone number and the text of the message.',
  },
  {
    id: 'google',
    name: 'Google',
    role: 'Sign in with Google, when you choose it; Google Play purchases in the Android app.',
    receives:
      'That you sign in to Stillpoint. Google tells us your name, e-mail address and profile picture. Google Play handles the purchases made there under its own terms.',
  },
  {
    id: 'apple',
    name: 'Apple',
    role: 'Sign in with Apple, when you choose it; App Store purchases in the iPhone app.',
    receives:
      'That you sign in to Stillpoint. Apple tells us your name and e-mail address (or a private relay address, if you choose to hide yours). The App Store handles the purchases made there under its own terms.',
  },
  {
    id: 'revenuecat',
    name: 'RevenueCat',
    role: 'Tells our server about purchases made in the iPhone and Android apps.',
    receives:
      'Your Stillpoint account id and your App Store or Google Play purchases: the plan, its dates and renewals.',
  },
  {
    id: 'email',
    name: 'E-mail delivery provider',
    role: 'Delivers our e-mails: receipts, gift codes, newsletter confirmations and trial reminders.',
    receives: 'Your e-mail address and the message.',
  },
  {
    id: 'tiktok',
    name: 'TikTok (Events API)',
    role: 'Measures whether our ads on TikTok lead to sign-ups and purchases. Used only as your cookie choice allows.',
    receives:
      'The milestone (such as "started checkout") and its time, your IP address and browser (user agent), and, when you are signed in, a one-way hash of your account id. Never your name, e-mail address or phone number.',
  },
  {
    id: 'analytics',
    name: 'Analytics service',
    role: 'Where we may send product analytics events to study them. Used only as your cookie choice allows.',
    receives: 'The analytics events described above, with your account id when you were signed in.',
  },
  {
    id: 'teamChat',
    name: 'Team chat',
    role: 'Where feedback, restore-purchase requests and uninstall answers reach the team.',
    receives:
      'Your message, the page it came from and, when you were signed in, your account id, e-mail address or phone number.',
  },
  {
    id: 'botCheck',
    name: 'Bot check (Cloudflare Turnstile, Google reCAPTCHA or hCaptcha)',
    role: 'When the sign-in page shows one, checks that a person, not a script, is asking for a code.',
    receives: 'Your IP address and details of your browser, under that service’s own privacy policy.',
  },
  {
    id: 'errorTracking',
    name: 'Error tracking (Sentry)',
    role: 'When we turn it on: receives the errors our server meets and, as your cookie choice allows, those the web app meets in your browser, so that we can fix them.',
    receives:
      'The error’s message and where in our code it happened, the page’s address without its query, the app’s version, your browser (user agent) and the clicks, pages and requests just before it, with anything that looks like a code, a token, an e-mail address or a phone number removed; and your IP address, as every server your browser talks to sees it. Never your account id, name, e-mail address or phone number.',
  },
  {
    id: 'hosting',
    name: 'Hosting provider',
    role: 'Runs our servers and database.',
    receives: 'The data described on this page, stored and processed on our behalf.',
  },
];
