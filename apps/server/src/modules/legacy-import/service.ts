import {
  type ImportLegacyExtensionDataBody,
  type ImportLegacyExtensionDataResult,
  normaliseSiteOrigin,
  siteMatchKey,
} from '@stillpoint/core';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { saveSettingsIfNoneSaved } from '../settings/service';
import { addSite } from '../sites/service';

type LegacySite = ImportLegacyExtensionDataBody['customSites'][number];

/**
 * The sites worth importing: each origin normalised as Add Site does, entries that name no site
 * dropped, and one entry per site (core's siteMatchKey; the first one's budget wins).
 */
function distinctSites(sites: LegacySite[]): LegacySite[] {
  const bySite = new Map<string, LegacySite>();
  for (const site of sites) {
    const siteOrigin = normaliseSiteOrigin(site.siteOrigin);
    if (siteOrigin === null) continue;
    const key = siteMatchKey(siteOrigin);
    if (!bySite.has(key)) bySite.set(key, { siteOrigin, budget: site.budget });
  }
  return [...bySite.values()];
}

/**
 * Moves what the extension kept from before accounts into the person's account. A site they
 * already intercept keeps the budget set in the account; the others are added through Add Site's
 * own rules. The switches are saved only when the person has chosen none yet. Running it again
 * with the same data changes nothing, and two runs at once cannot add a site twice: Add Site's
 * duplicate check and unique index answer CONFLICT, which counts as kept.
 */
export async function importLegacyData(
  db: Database,
  userId: string,
  legacy: ImportLegacyExtensionDataBody,
): Promise<ImportLegacyExtensionDataResult> {
  let sitesAdded = 0;
  let sitesKept = 0;
  // One at a time: a few sites at most, and each insert settles the next one's duplicate check.
  for (const site of distinctSites(legacy.customSites)) {
    try {
      await addSite(db, userId, site);
      sitesAdded++;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      sitesKept++;
    }
  }
  // No switch kept means no choice was made: saving the defaults would hide Finish Setup.
  const hasChoices = Object.keys(legacy.feedblockingSites).length > 0;
  const feedSettingsApplied =
    hasChoices && (await saveSettingsIfNoneSaved(db, userId, legacy.feedblockingSites));
  return { sitesAdded, sitesKept, feedSettingsApplied };
}
