import { IOS_SOURCE_TOAST_DURATION_MS, messages } from '@stillpoint/core';
import { useEffect } from 'react';

/**
 * SPEC §2: arriving with source=iPhoneApp shows a welcome for 8 seconds. The toast library is
 * loaded only then, and the toast outlet loads it after the first screen anyway (app/Providers),
 * so it stays out of the sign-in page's initial JavaScript.
 */
export function useIosSourceToast(fromIosApp: boolean) {
  useEffect(() => {
    if (!fromIosApp) return;
    void import('sonner').then(({ toast }) => {
      // A fixed id keeps it to one toast when effects run twice in development.
      toast(messages.iosSourceWelcome, { id: 'ios-source-welcome', duration: IOS_SOURCE_TOAST_DURATION_MS });
    });
  }, [fromIosApp]);
}
