import { ApiError } from '@stillpoint/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { addSite, afterSitesChanged } from './site-mutations';
import { canSendSiteRow, type SiteRow, siteRowBody } from './site-rows';

export interface AddedSiteRows {
  /** The rows still to show: refused ones with the reason, and any not tried. Empty rows go. */
  left: SiteRow[];
  /** Something other than a refusal went wrong, and the rows after it were not tried. */
  failed: boolean;
}

/**
 * Onboarding's Continue: adds each row that can be sent, one after another, so the rows that were
 * added leave the form and nothing is sent twice. Afterwards the site list reloads once and the
 * extension drops its cached copy.
 */
export function useAddSiteRows(): (rows: readonly SiteRow[]) => Promise<AddedSiteRows> {
  const queryClient = useQueryClient();
  return useCallback(
    async (rows) => {
      const left: SiteRow[] = [];
      let failed = false;
      for (const row of rows) {
        if (failed || !canSendSiteRow(row)) {
          if (row.siteOrigin.trim() !== '') left.push(row);
          continue;
        }
        try {
          await addSite(siteRowBody(row));
        } catch (error) {
          // A duplicate or unreadable site is explained on its row; anything else stops here.
          if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
            left.push({ ...row, error: error.message });
          } else {
            failed = true;
            left.push(row);
          }
        }
      }
      void afterSitesChanged(queryClient);
      return { left, failed };
    },
    [queryClient],
  );
}
