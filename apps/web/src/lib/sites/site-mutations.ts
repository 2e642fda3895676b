import type { CustomSite } from '@stillpoint/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { showErrorToast } from '../../ui/toast';
import { track } from '../analytics/track';
import { callApi } from '../api';
import { clearBrowserSitesCache } from '../extension/actions';
import { queryKeys } from '../query-keys';
import { reloadSites } from './sites-query';

/** Every change to a site shares this key, so a refetch waits until the last one settles. */
const SITE_MUTATION_KEY = ['sites', 'change'] as const;

/** POST addBrowserSite, counted as addedNewSite once the server has it. */
export async function addSite(body: { siteOrigin: string; budget: number }) {
  const site = await callApi('addBrowserSite', body);
  track('addedNewSite', { siteId: site.id, siteOrigin: site.siteOrigin, budget: site.budget });
  return site;
}

/** Reload the site list (every day's copy) and tell the extension to drop its cached copy. */
export async function afterSitesChanged(queryClient: QueryClient): Promise<void> {
  void clearBrowserSitesCache();
  // A refetch while another change is still in flight would briefly undo that change on screen.
  if (queryClient.isMutating({ mutationKey: SITE_MUTATION_KEY }) > 1) return;
  await reloadSites(queryClient);
}

function patchSite(queryClient: QueryClient, siteId: string, patch: Partial<CustomSite>): void {
  queryClient.setQueriesData<CustomSite[]>({ queryKey: queryKeys.sites() }, (sites) =>
    sites?.map((site) => (site.id === siteId ? { ...site, ...patch } : site)),
  );
}

/** The card's switch: shows the new state at once, and puts it back with a toast if the server refuses. */
export function useToggleSiteActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SITE_MUTATION_KEY,
    mutationFn: ({ siteId, active }: { siteId: string; active: boolean }) =>
      callApi('updateBrowserCustomSite', { siteId, active }),
    onMutate: async ({ siteId, active }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.sites() });
      patchSite(queryClient, siteId, { active });
    },
    onSuccess: (_result, { siteId, active }) => track('toggleCustomSiteActive', { siteId, active }),
    onError: (_error, { siteId, active }) => {
      patchSite(queryClient, siteId, { active: !active });
      showErrorToast();
    },
    onSettled: () => afterSitesChanged(queryClient),
  });
}

/** Edit site's Save: a new daily budget. */
export function useUpdateSiteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SITE_MUTATION_KEY,
    mutationFn: ({ siteId, budget }: { siteId: string; budget: number }) =>
      callApi('updateBrowserCustomSite', { siteId, budget }),
    onSuccess: (_result, { siteId, budget }) => {
      track('editCustomSite', { siteId, budget });
      return afterSitesChanged(queryClient);
    },
    onError: () => showErrorToast(),
  });
}

/** Edit site's Delete site: siteId alone deletes (SPEC §7). */
export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SITE_MUTATION_KEY,
    mutationFn: (siteId: string) => callApi('updateBrowserCustomSite', { siteId }),
    onSuccess: (_result, siteId) => {
      track('deleteCustomSite', { siteId });
      return afterSitesChanged(queryClient);
    },
    onError: () => showErrorToast(),
  });
}

/** Add Site: the caller decides how to show a refusal (a duplicate is explained in the form). */
export function useAddSiteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SITE_MUTATION_KEY,
    mutationFn: addSite,
    onSuccess: () => afterSitesChanged(queryClient),
  });
}
