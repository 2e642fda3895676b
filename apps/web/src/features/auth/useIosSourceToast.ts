import { IOS_SOURCE_TOAST_DURATION_MS, messages } from '@stillpoint/core';
import { useEffect } from 'react';
import { toast } from 'sonner';

/** SPEC §2: arriving with source=iPhoneApp shows a welcome for 8 seconds. */
export function useIosSourceToast(fromIosApp: boolean) {
  useEffect(() => {
    if (!fromIosApp) return;
    // A fixed id keeps it to one toast when effects run twice in development.
    toast(messages.iosSourceWelcome, { id: 'ios-source-welcome', duration: IOS_SOURCE_TOAST_DURATION_MS });
  }, [fromIosApp]);
}
