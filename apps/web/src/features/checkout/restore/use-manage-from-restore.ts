import { useMutation } from '@tanstack/react-query';
import { track } from '../../../lib/analytics/track';
import { billingPortal } from '../../../lib/subscription/billing-portal';
import type { Subscription } from '../../../lib/subscription/use-subscription';
import { useOnBackForwardRestore } from '../../../lib/use-on-back-forward-restore';
import { showErrorToast } from '../../../ui/toast';

class NoManagementUrl extends Error {
  constructor() {
    super('The subscription has no management url to restore it from.');
  }
}

/**
 * 'Manage your subscription' in the restore flow. A billing-portal session is short-lived, so the
 * plan is asked for again first (a fresh managementUrl), then the browser leaves for it. A plan
 * with nowhere to manage it is logged as an error; every failure gets the generic toast (SPEC §8).
 */
export function useManageFromRestore({ fetchLatest }: Pick<Subscription, 'fetchLatest'>) {
  const manage = useMutation({
    mutationFn: async () => {
      const latest = await fetchLatest();
      if (!latest?.managementUrl) throw new NoManagementUrl();
      return latest.managementUrl;
    },
    onSuccess: (url) => billingPortal.open(url),
    onError: (error) => {
      // The API client logs failed calls itself; a missing url is not one of them.
      if (error instanceof NoManagementUrl) {
        console.error(error.message);
        track('error', { location: 'restore purchase', message: error.message });
      }
      showErrorToast();
    },
  });
  // Back from the portal the button would still be busy leaving.
  useOnBackForwardRestore(manage.reset);
  return manage;
}
