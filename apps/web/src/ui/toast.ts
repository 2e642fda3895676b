import { DEFAULT_ERROR_MESSAGE, TOAST_DURATION_MS } from '@stillpoint/core';
import type { ReactElement } from 'react';

// The toast library (about 9 KB gzipped) loads with the first toast or with the Toaster after the
// page has loaded, never with a page's first screen. Every toast goes through here.
const loadSonner = () => import('sonner');

/** SPEC §8's default error toast: bottom-left, 3 seconds. An id replaces an earlier toast with it. */
export function showErrorToast(message: string = DEFAULT_ERROR_MESSAGE, { id }: { id?: string } = {}): void {
  void loadSonner().then(({ toast }) =>
    toast.error(message, { id, position: 'bottom-left', duration: TOAST_DURATION_MS }),
  );
}

/** A confirmation, e.g. "Thanks for your feedback". */
export function showSuccessToast(message: string): void {
  void loadSonner().then(({ toast }) => toast.success(message));
}

/** A toast drawn by the caller; `render` gets the toast's id, to dismiss it from inside. */
export function showCustomToast(
  render: (id: string | number) => ReactElement,
  options: { id: string; duration: number },
): void {
  void loadSonner().then(({ toast }) => toast.custom(render, options));
}

/** Takes the toast with `id` off screen, or every toast without one. */
export function dismissToasts(id?: string | number): void {
  void loadSonner().then(({ toast }) => toast.dismiss(id));
}
