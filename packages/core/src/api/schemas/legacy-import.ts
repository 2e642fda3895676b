import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { budgetSchema } from './fields';
import { feedblockingSettingsSchema } from './settings';

/** More than anyone kept in the extension before accounts; a bound on one request's work. */
export const MAX_LEGACY_IMPORT_SITES = 200;

/** Longer than any site origin; a bound on what an import carries, not a rule about sites. */
const MAX_LEGACY_SITE_ORIGIN_LENGTH = 2048;

/**
 * What the extension kept from before the person had an account (GET_LEGACY_DATA's
 * customSites and feedblockingSites). An origin that names no site is skipped by the import rather
 * than refused, so one damaged entry does not keep the rest out of the account.
 */
export const importLegacyExtensionDataBodySchema = z.strictObject({
  customSites: z
    .array(
      z.strictObject({
        siteOrigin: z
          .string({ error: 'siteOrigin must be text' })
          .check(z.maxLength(MAX_LEGACY_SITE_ORIGIN_LENGTH, 'siteOrigin is too long')),
        budget: budgetSchema,
      }),
      { error: 'customSites must be a list' },
    )
    .check(
      z.maxLength(MAX_LEGACY_IMPORT_SITES, `customSites holds at most ${MAX_LEGACY_IMPORT_SITES} sites`),
    ),
  feedblockingSites: z.strictObject(z.partial(feedblockingSettingsSchema).shape),
});
export type ImportLegacyExtensionDataBody = z.infer<typeof importLegacyExtensionDataBodySchema>;

export const importLegacyExtensionDataResponseSchema = z.object({
  /** Sites the account did not have, now intercepted with the extension's budget. */
  sitesAdded: z.int().check(z.minimum(0)),
  /** Sites the account already had; they keep the budget set in the account. */
  sitesKept: z.int().check(z.minimum(0)),
  /** Whether the switches were saved: only when the person had saved none yet. */
  feedSettingsApplied: z.boolean(),
});
export type ImportLegacyExtensionDataResult = z.infer<typeof importLegacyExtensionDataResponseSchema>;

export const legacyImportEndpoints = {
  importLegacyExtensionData: defineEndpoint({
    method: 'POST',
    path: '/importLegacyExtensionData',
    summary:
      "Moves the sites and feed-blocking switches an extension kept from before accounts into the account: sites the account has keep their budget, switches apply only when none are saved. Idempotent. Stillpoint's own addition (docs/extension.md).",
    auth: 'user',
    // MAX_LEGACY_IMPORT_SITES origins of the longest allowed length fit.
    bodyLimitBytes: 512 * 1024,
    body: importLegacyExtensionDataBodySchema,
    response: importLegacyExtensionDataResponseSchema,
  }),
};
