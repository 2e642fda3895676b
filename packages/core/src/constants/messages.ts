import { brand } from '../brand';

/** The default error toast of SPEC §8 (bottom-left, 3 s). */
export const DEFAULT_ERROR_MESSAGE = 'Something broke, sorry';

/**
 * SPEC §2 and §8 texts a person reads, shared so the web app and its tests agree. They are in
 * sentence case and say what happened and what to do; the SPEC's lower-case versions are
 * examples. `alreadySubscribed` is an API `error` string the apps match on, so it keeps the
 * SPEC's words; pages show their own text for it.
 */
export const messages = {
  defaultError: DEFAULT_ERROR_MESSAGE,
  applicationError: 'Something went wrong',
  subscriptionFetchFailed: 'Failed to fetch subscription state',
  subscriptionExpired: 'Your subscription has expired.',
  alreadySubscribed: 'user already has active subscription',
  extensionMissing: 'User does not have extension',
  phoneSignInFailed: 'Error, please try again',
  missingCredential: 'Missing credential',
  newsletterFailed: 'We could not add you to the newsletter. Please try again.',
  newsletterInvalidEmail: 'Enter an e-mail address like name@example.com.',
  paymentFailed: 'Payment failed. Please check your card details and try again.',
  paymentUnexpected: 'Something went wrong with the payment. Please try again.',
  paymentSetupUnexpected: 'The payment form could not load. Please refresh the page and try again.',
  missingUser: 'Sign in to continue to payment.',
  alreadyPremium: 'You already have premium.',
  /** A win-back price asked for by someone whose paid premium has not lapsed (rules/win-back.ts). */
  winBackNotOffered: 'This price is for members whose premium has ended. Please choose another plan.',
  /** Stripe's words when a person fails or abandons 3D Secure; the local provider uses them too. */
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  giftFailed: 'Something went wrong. Please try again later.',
  feedbackThanks: 'Thanks for your feedback!',
  browserRequestThanks: 'Thank you for your feedback!',
  trialStarted: 'Congrats on starting your free trial, no card needed!',
  stripeSuccess: 'Thanks for starting your subscription!',
  noSubscription: "You don't have an active subscription",
  iosSourceWelcome: `Hey, we're glad you made it here from our iOS app! Sign in below to get started with ${brand.name} on Chrome.`,
} as const;
