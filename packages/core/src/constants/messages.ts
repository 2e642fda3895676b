import { brand } from '../brand';

/** The default error toast of SPEC §8 (bottom-left, 3 s). */
export const DEFAULT_ERROR_MESSAGE = 'Something broke, sorry';

/**
 * SPEC §2 and §8 texts a person reads, shared so the web app and its tests agree. The SPEC spells
 * the no-price error 'ocurred'; it is spelled correctly here and shares the init-error text.
 */
export const messages = {
  defaultError: DEFAULT_ERROR_MESSAGE,
  applicationError: 'Unexpected Application Error!',
  subscriptionFetchFailed: 'Failed to fetch subscription state',
  subscriptionExpired: 'Your subscription has expired.',
  alreadySubscribed: 'user already has active subscription',
  extensionMissing: 'User does not have extension',
  phoneSignInFailed: 'Error, please try again',
  missingCredential: 'Missing credential',
  newsletterFailed: 'there was an error joining the newsletter',
  paymentFailed: 'payment failed',
  paymentUnexpected: 'An unexpected error occurred',
  paymentSetupUnexpected: 'an unexpected error occurred',
  missingUser: 'missing user',
  alreadyPremium: 'already premium',
  /** A win-back price asked for by someone whose paid premium has not lapsed (rules/win-back.ts). */
  winBackNotOffered: 'This price is for members whose premium has ended. Please choose another plan.',
  /** Stripe's words when a person fails or abandons 3D Secure; the local provider uses them too. */
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  giftFailed: 'an error occurred, please try again later',
  feedbackThanks: 'Thanks for your feedback!',
  browserRequestThanks: 'Thank you for your feedback!',
  trialStarted: 'congrats on starting your no card down free trial!',
  stripeSuccess: 'thanks for starting your subscription!',
  noSubscription: "You don't have an active subscription",
  iosSourceWelcome: `Hey, we're glad you made it here from our iOS app! Sign in below to get started with ${brand.name} on chrome.`,
} as const;
