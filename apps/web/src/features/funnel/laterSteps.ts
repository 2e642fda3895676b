import { lazy } from 'react';

/**
 * The steps after the questions: sign-up (the sign-in methods), the paywalls (payment form,
 * carousel, plan modal) and the download step. Most of the page's code is theirs and no first
 * screen shows them, so they load once the first screen is up (`loadLaterSteps`), not before it.
 */
const loadSignUpStep = () => import('./steps/SignUpStep');
const loadPurchaseStep = () => import('./steps/PurchaseStep');
const loadDownloadStep = () => import('./steps/DownloadStep');

export const loadLaterSteps = () => Promise.all([loadSignUpStep(), loadPurchaseStep(), loadDownloadStep()]);

export const SignUpStep = lazy(() => loadSignUpStep().then((module) => ({ default: module.SignUpStep })));
export const PurchaseStep = lazy(() =>
  loadPurchaseStep().then((module) => ({ default: module.PurchaseStep })),
);
export const DownloadStep = lazy(() =>
  loadDownloadStep().then((module) => ({ default: module.DownloadStep })),
);

/**
 * Runs `task` when the browser is next idle (within 2 s), or after 1 s where it cannot say
 * (Safari). Returns the cancel.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 1000);
  return () => clearTimeout(timer);
}
