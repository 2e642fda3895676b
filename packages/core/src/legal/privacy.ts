import { brand } from '../brand';
import { COOKIE_CONSENT_DAYS } from '../constants/timing';
import { PERSONAL_DATA } from './inventory';
import { LEGAL_PATHS } from './paths';
import { LEGAL_BASES, PROCESSORS } from './processors';
import type { LegalDocument } from './types';

// The privacy policy of /privacy, written from what Stillpoint does: the database schema
// (apps/server/src/db/schema), the browser's and the extension's storage, and the services the
// server talks to. docs/privacy.md says how to change it; bump PRIVACY_LAST_UPDATED with any change.

/** The day this policy last changed (`YYYY-MM-DD`), shown as "Last updated". */
export const PRIVACY_LAST_UPDATED = '2026-11-30';

const support = `[${brand.supportEmail}](mailto:${brand.supportEmail})`;

const who = `${brand.name} (“we”, “us”)`;

export const privacyPolicy: LegalDocument = {
  title: 'Privacy policy',
  lastUpdated: PRIVACY_LAST_UPDATED,
  intro: `How ${brand.name} handles your data: what we hold, why, for how long, who else sees it, and how to have it changed or deleted.`,
  notLegalAdvice:
    'We wrote this in plain words to say exactly what Stillpoint does with your data. It is not legal advice.',
  sections: [
    {
      id: 'in-short',
      heading: 'In short',
      blocks: [
        {
          kind: 'list',
          items: [
            'We hold what Stillpoint needs to work: your account, the sites you pause before, your settings, your phone use if you use the phone app, and your subscription.',
            'We never sell your data. We never see your card number: Stripe, Apple and Google take payments.',
            `Analytics and ad measurement happen only as your cookie choice allows, and you can change it at any time under [Cookie settings](#cookies).`,
            'The Chrome extension pauses the sites you chose and hides feeds. It does not send us the addresses of the pages you visit.',
            `You can ask for a copy of your data, have it corrected, or have your account deleted: write to ${support}.`,
          ],
        },
      ],
    },
    {
      id: 'who-we-are',
      heading: 'Who is responsible',
      blocks: [
        {
          kind: 'paragraph',
          text: `${who} decides how your data is used in the ${brand.name} web app, the Chrome extension and the phone apps, and is responsible for it. Write to us at ${support} about anything on this page.`,
        },
      ],
    },
    {
      id: 'data',
      heading: 'The data we hold',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Each kind of data below says what it is, why we hold it, the legal basis for holding it, how long we keep it and who else receives it. The legal bases are those of the EU and UK General Data Protection Regulation:',
        },
        {
          kind: 'list',
          items: Object.values(LEGAL_BASES).map((basis) => `**${basis.name}**: ${basis.meaning}`),
        },
        { kind: 'dataKinds', kinds: PERSONAL_DATA },
      ],
    },
    {
      id: 'on-your-device',
      heading: 'What stays on your device',
      blocks: [
        { kind: 'paragraph', text: 'Some things are kept in your browser rather than on our server:' },
        {
          kind: 'list',
          items: [
            'Your session, so that you stay signed in until you sign out.',
            `Your cookie choice and when you made it, for ${COOKIE_CONSENT_DAYS} days.`,
            'Your quiz answers, until you change them or clear your browser’s data. As analytics events, they reach us only as your cookie choice allows.',
            'Where you are in getting started and your answers so far, for as long as the tab is open.',
            'Cookies our sign-in sets and needs: one for your session, and, while you sign in with Google or Apple, one that carries that sign-in through.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'The Chrome extension keeps, in the browser’s extension storage: its own session, a copy of your sites and feed settings, the sessions you started, pauses it could not report yet, and a random install reference used only by the uninstall survey. It redirects the sites you chose to a pause and hides feeds on Facebook, YouTube, X, LinkedIn, Instagram and Reddit. It does not read, keep or send the addresses of the other pages you visit.',
        },
        {
          kind: 'paragraph',
          text: 'On the pages where you pay by card, Stripe’s own script runs and may set cookies of its own to prevent fraud, under Stripe’s privacy policy.',
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies, analytics and ad measurement',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We use no advertising cookies and load no ad or analytics scripts in the web app. The web app sends its analytics and ad measurement events to our own server, which stores them and may pass them on as described above. Because that is the kind of measuring cookie rules are about, we ask first.',
        },
        {
          kind: 'list',
          items: [
            'In the European Union, the United Kingdom and everywhere outside the United States, the cookie banner asks you first. Nothing is measured until you choose Accept; Reject means nothing is measured.',
            'In the United States we measure without asking, and you can say no at any time in Cookie settings. We do not sell personal data. Passing ad events to TikTok may count as “sharing” for targeted advertising under some US state laws; saying no in Cookie settings opts you out of it.',
            `Your choice is kept in your browser for ${COOKIE_CONSENT_DAYS} days; then we ask again.`,
            'A change applies at once: after you withdraw, the page sends no more analytics or ad events. What was sent before stays as described under “The data we hold”.',
            'To decide whether to show the banner, our server looks up your country from your IP address in a database it holds itself. The address is not stored for this.',
          ],
        },
        {
          kind: 'cookieSettings',
          text: 'Change your choice here, or with the Cookie settings link at the bottom of our pages.',
        },
      ],
    },
    {
      id: 'processors',
      heading: 'Who else processes your data',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We use these services to run Stillpoint. Each receives only what its job needs. Some, such as Google, Apple and Stripe, also act on their own account under their own privacy policies.',
        },
        { kind: 'processors', processors: PROCESSORS },
        {
          kind: 'paragraph',
          text: 'Several of these services are based in the United States, so your data may be processed there. Where the law requires it, such transfers rely on the safeguards these services offer, such as the European Commission’s standard contractual clauses.',
        },
      ],
    },
    {
      id: 'rights',
      heading: 'Your rights',
      blocks: [
        { kind: 'paragraph', text: 'Wherever you live, you can ask us to:' },
        {
          kind: 'list',
          items: [
            'Access: give you a copy of the data we hold about you.',
            'Rectification: correct data that is wrong. You can change your sites, budgets and settings in the app yourself.',
            'Erasure: delete your account and your data (see below).',
            'Portability: give you your data in a structured, machine-readable form (JSON).',
            'Restriction: stop using your data, other than keeping it, while a question about it is settled.',
            'Objection: stop using your data where we rely on our legitimate interest, such as analytics where no cookie banner is shown.',
            'Withdraw consent at any time, for the future: analytics and ad measurement in [Cookie settings](#cookies), the newsletter with the unsubscribe link in every e-mail.',
          ],
        },
        {
          kind: 'paragraph',
          text: `You can download a copy of your data and delete your account yourself, on your [account page](/account). For anything else, write to ${support} from the e-mail address of your account, or tell us the phone number you sign in with. We may ask you to confirm that the account is yours, for example with a sign-in code, so that nobody else can get or delete your data. We answer within one month.`,
        },
        {
          kind: 'paragraph',
          text: 'If you think we handle your data wrongly, tell us first, so we can put it right. You also have the right to complain to a data protection authority: in the EU, the one of the country where you live or work; in the UK, the Information Commissioner’s Office.',
        },
      ],
    },
    {
      id: 'deleting',
      heading: 'Deleting your account',
      blocks: [
        {
          kind: 'paragraph',
          text: `Delete your account on your [account page](/account): sign in again the way you sign in (a new code to your phone, or Google or Apple), then confirm. You can also write to ${support}. We then end your web subscription at once, without a refund for the time left, sign out every session (the Chrome extension at its next sync) and delete your account and the data linked to it. What stays is only what is described above as kept “without the link to you”: gifts you bought and their codes, which version of the terms you agreed to, your feedback, and analytics and ad events until they expire. Stripe keeps its records of your payments, as the law requires.`,
        },
        {
          kind: 'paragraph',
          text: 'A subscription bought in the App Store or Google Play is billed by Apple or Google: cancel it there, since deleting your account does not stop their charges.',
        },
        {
          kind: 'paragraph',
          text: 'Copies of our database kept to recover from a failure may hold deleted data until they are replaced; we use them for nothing else.',
        },
      ],
    },
    {
      id: 'security',
      heading: 'How we protect your data',
      blocks: [
        {
          kind: 'list',
          items: [
            'Everything between your browser, the apps and our server travels encrypted (HTTPS).',
            'Sign-in codes expire after 5 minutes and allow three wrong tries. Tokens handed to the extension are stored only as a hash.',
            'Our logs never hold sign-in codes, session tokens, card numbers or full phone numbers.',
            'Card details go straight to Stripe, Apple or Google; they never reach our server.',
          ],
        },
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        {
          kind: 'paragraph',
          text: `Stillpoint is not made for children under 13, and we do not knowingly hold their data. If you think a child has given us data, write to ${support} and we will delete it.`,
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        {
          kind: 'paragraph',
          text: `We change this page when Stillpoint changes what it does with data, and the date at the top changes with it. When a change matters to you, such as a new use of your data, we tell you in the app or by e-mail before it applies. Our [terms of service](${LEGAL_PATHS.terms}) cover the rest of how Stillpoint works.`,
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        {
          kind: 'paragraph',
          text: `${brand.name}, ${support}. We read every message and answer privacy requests within one month.`,
        },
      ],
    },
  ],
};
