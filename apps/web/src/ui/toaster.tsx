import { TOAST_DURATION_MS } from '@stillpoint/core';
import { Toaster as SonnerToaster } from 'sonner';

/** The one toast outlet of the app; SPEC §8 puts toasts bottom-left. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-left"
      duration={TOAST_DURATION_MS}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
