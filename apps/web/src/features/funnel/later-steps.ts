import { lazy } from 'react';

/**
 * The steps after the questions: sign-up (the sign-in methods), the paywalls (payment form,
 * carousel, plan modal) and the download step. Most of the page's code is theirs and no first
 * screen shows them, so they load once the first screen is up (`loadLaterSteps`), not before it.
 */
const loadSignUpStep = () => import('./steps/sign-up-step');
const loadPurchaseStep = () => import('./steps/purchase-step');
const loadDownloadStep = () => import('./steps/download-step');

export const loadLaterSteps = () => Promise.all([loadSignUpStep(), loadPurchaseStep(), loadDownloadStep()]);

export const SignUpStep = lazy(() => loadSignUpStep().then((module) => ({ default: module.SignUpStep })));
export const PurchaseStep = lazy(() =>
  loadPurchaseStep().then((module) => ({ default: module.PurchaseStep })),
);
export const DownloadStep = lazy(() =>
  loadDownloadStep().then((module) => ({ default: module.DownloadStep })),
);
