import { Outlet, type RouteObject } from 'react-router';
import { documentTitle } from '../lib/document-title';
import { FullScreenSpinner } from '../ui/full-screen-spinner';
import { ErrorPage } from './error-page';
import { RequireStoredSession } from './guards';
import { RootLayout } from './layout/root-layout';
import { StandaloneLayout } from './layout/standalone-layout';
import { paymentPageLoader } from './payment-page-load';

/**
 * The complete route table of SPEC §2. Every page is a lazy route, so each ships as its own
 * chunk and a public page loads only what it shows.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <FullScreenSpinner title={documentTitle('Loading')} />,
    children: [
      {
        // With a stored token the signed-in layout (header, page spinner) is drawn at once and its
        // page's data starts loading while the session is checked (lib/pagePrefetch.ts).
        element: (
          <RequireStoredSession>
            <Outlet />
          </RequireStoredSession>
        ),
        children: [
          {
            // Lazy like its pages, so the header, its menu and icons stay out of a public page's
            // first load (DESIGN's initial JavaScript budget).
            lazy: () => import('./layout/signed-in-layout').then((m) => ({ Component: m.SignedInLayout })),
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/home/home-page').then((m) => ({
                    Component: m.HomePage,
                    handle: m.homePrefetch,
                  })),
              },
              {
                path: 'subscription',
                lazy: () =>
                  import('../features/subscription/subscription-page').then((m) => ({
                    Component: m.SubscriptionPage,
                  })),
              },
              {
                path: 'account',
                lazy: () => import('./composed-account').then((m) => ({ Component: m.AccountRoute })),
              },
              {
                path: 'onboarding',
                lazy: () =>
                  import('../features/onboarding/onboarding-page').then((m) => ({
                    Component: m.OnboardingPage,
                  })),
              },
              {
                path: 'onboarding-ios',
                lazy: () =>
                  import('../features/onboarding/onboarding-page').then((m) => ({
                    Component: m.OnboardingPage,
                  })),
              },
            ],
          },
          // The support console: its own frame, no subscription wait, and nothing shown until the
          // server says the person is an admin (features/admin, docs/support.md).
          {
            path: 'admin',
            lazy: () =>
              import('../features/admin/find-people-page').then((m) => ({ Component: m.FindPeoplePage })),
          },
          {
            path: 'admin/person',
            lazy: () => import('../features/admin/person-page').then((m) => ({ Component: m.PersonPage })),
          },
          {
            path: 'admin/feedback',
            lazy: () =>
              import('../features/admin/feedback-page').then((m) => ({ Component: m.FeedbackPage })),
          },
          {
            path: 'admin/audit',
            lazy: () =>
              import('../features/admin/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
          },
          {
            path: 'admin/errors',
            lazy: () =>
              import('../features/admin/client-errors-page').then((m) => ({ Component: m.ClientErrorsPage })),
          },
        ],
      },
      {
        // Signed in, but drawn without waiting for the session check or the subscription: the
        // pause starts at once (composedBreathe.tsx).
        path: 'breathe',
        lazy: () => import('./composed-breathe').then((m) => ({ Component: m.BreatheRoute })),
      },
      {
        element: <StandaloneLayout />,
        children: [
          {
            path: 'signin',
            lazy: () => import('../features/auth/sign-in-page').then((m) => ({ Component: m.SignInPage })),
          },
          {
            path: 'signout',
            lazy: () => import('../features/auth/sign-out-page').then((m) => ({ Component: m.SignOutPage })),
          },
          {
            path: 'quiz',
            lazy: () => import('../features/quiz/quiz-page').then((m) => ({ Component: m.QuizPage })),
          },
          {
            path: 'quiz-results',
            lazy: () =>
              import('../features/quiz/quiz-results-page').then((m) => ({ Component: m.QuizResultsPage })),
          },
          {
            path: 'getting-started',
            loader: paymentPageLoader,
            lazy: () => import('./composed-funnel').then((m) => ({ Component: m.GettingStartedRoute })),
          },
          {
            path: 'checkout',
            lazy: () =>
              import('../features/checkout/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
          },
          {
            path: 'webcheckout',
            loader: paymentPageLoader,
            lazy: () => import('./composed-checkout').then((m) => ({ Component: m.WebCheckoutRoute })),
          },
          {
            path: 'uninstall-chrome-extension',
            lazy: () =>
              import('../features/uninstall/uninstall-feedback-page').then((m) => ({
                Component: m.UninstallFeedbackPage,
              })),
          },
          {
            path: 'referral-link',
            lazy: () =>
              import('../features/referral/referral-page').then((m) => ({ Component: m.ReferralPage })),
          },
          {
            path: 'twopercent',
            lazy: () =>
              import('../features/challenge/two-percent-page').then((m) => ({ Component: m.TwoPercentPage })),
          },
          {
            path: 'android',
            lazy: () => import('../features/mobile/android-page').then((m) => ({ Component: m.AndroidPage })),
          },
          {
            path: 'gift',
            lazy: () => import('../features/gift/gift-page').then((m) => ({ Component: m.GiftPage })),
          },
          {
            path: 'redeem',
            lazy: () => import('./composed-redeem').then((m) => ({ Component: m.RedeemRoute })),
          },
          {
            path: 'newsletter/confirm',
            lazy: () =>
              import('../features/newsletter/newsletter-confirm-page').then((m) => ({
                Component: m.NewsletterConfirmPage,
              })),
          },
          {
            path: 'newsletter/unsubscribe',
            lazy: () =>
              import('../features/newsletter/newsletter-unsubscribe-page').then((m) => ({
                Component: m.NewsletterUnsubscribePage,
              })),
          },
          {
            path: 'mobileDownload',
            lazy: () =>
              import('../features/mobile/mobile-download-page').then((m) => ({
                Component: m.MobileDownloadPage,
              })),
          },
          {
            // Where a deleted account lands, signed out (features/account).
            path: 'account/deleted',
            lazy: () =>
              import('../features/account/account-deleted-page').then((m) => ({
                Component: m.AccountDeletedPage,
              })),
          },
          {
            path: 'privacy',
            lazy: () => import('../features/legal/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
          },
          {
            path: 'terms',
            lazy: () => import('../features/legal/terms-page').then((m) => ({ Component: m.TermsPage })),
          },
        ],
      },
      {
        // Any other path is no page: the server answers it with status 404 and this page, drawn at
        // build time (prerender/pages.ts), in place of the silent redirect home SPEC §2 described.
        element: <StandaloneLayout />,
        children: [
          {
            path: '*',
            lazy: () =>
              import('../features/not-found/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];
