import {
  type ImportLegacyExtensionDataBody,
  isValidBudget,
  type LegacyData,
  legacyDataSchema,
  MAX_LEGACY_IMPORT_SITES,
} from '@stillpoint/core';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../api';
import { clearBrowserSitesCache, fetchLegacyData } from '../extension/actions';
import { sendExtensionMessage } from '../extension/bridge';
import { queryKeys } from '../query-keys';
import { reloadSites } from '../sites/sites-query';

/** nothing: no extension, or it kept nothing. failed: logged; the extension keeps the data for next time. */
export type LegacyImportOutcome = 'nothing' | 'imported' | 'failed';

/** CLEAR_LEGACY_DATA: the extension forgets what it kept from before accounts. */
export async function clearExtensionLegacyData(): Promise<void> {
  await sendExtensionMessage({ type: 'CLEAR_LEGACY_DATA' });
}

const holdsAnything = (legacy: LegacyData) =>
  legacy.customSites.length > 0 || Object.keys(legacy.feedblockingSites).length > 0;

/**
 * What the server takes. The extension already keeps only valid budgets and at most one import's
 * worth of sites; an older or damaged copy must still not make every later import fail.
 */
const importBody = (legacy: LegacyData): ImportLegacyExtensionDataBody => ({
  customSites: legacy.customSites
    .filter((site) => isValidBudget(site.budget))
    .slice(0, MAX_LEGACY_IMPORT_SITES),
  feedblockingSites: legacy.feedblockingSites,
});

/**
 * Moves the sites and feed switches the extension kept from before accounts into the signed-in
 * person's account, then has the extension forget them and every copy of the list refresh. It
 * never throws and never tells the person: a failure is logged, and since the extension keeps the
 * data until it is told to clear it, the next page load tries again.
 */
export async function importLegacyData(queryClient: QueryClient): Promise<LegacyImportOutcome> {
  const reply = await fetchLegacyData();
  // An extension of another version may answer in another shape; there is nothing to import then.
  const parsed = legacyDataSchema.safeParse(reply);
  if (!parsed.success || !holdsAnything(parsed.data)) return 'nothing';
  const legacy = parsed.data;
  try {
    await callApi('importLegacyExtensionData', importBody(legacy));
  } catch (error) {
    console.error('Importing the extension’s earlier sites failed; trying again on the next visit.', error);
    return 'failed';
  }
  // Imported: a failure from here on only leaves the data for an import that will change nothing.
  await clearExtensionLegacyData().catch((error: unknown) =>
    console.warn('The extension could not forget its earlier sites; they were imported.', error),
  );
  void clearBrowserSitesCache();
  await Promise.all([
    reloadSites(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.feedblockingSettings() }),
  ]);
  return 'imported';
}
