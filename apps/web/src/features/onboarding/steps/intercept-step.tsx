import { siteHost } from '@stillpoint/core';
import { useState } from 'react';
import {
  editSiteRow,
  fillSiteRow,
  flagUnusableBudgets,
  newSiteRow,
  popularSitesLeft,
  removeSiteRow,
  type SiteRow,
} from '../../../lib/sites/site-rows';
import { useSites } from '../../../lib/sites/sites-query';
import { useAddSiteRows } from '../../../lib/sites/use-add-site-rows';
import { Button } from '../../../ui/button';
import { StepLayout } from '../../../ui/step-layout';
import { showErrorToast } from '../../../ui/toast';
import { PopularSiteChips } from './popular-site-chips';
import { SiteRowFields } from './site-row-fields';

/**
 * SETUP_INTERCEPT: rows of site and daily budget (new rows start at 3). Continue adds each row
 * with a site and a budget above 0 (SPEC §5); a row the server refuses keeps its text with the
 * reason, while the ones that were added leave the form, so nothing is sent twice.
 */
export function InterceptStep({ onNext }: { onNext(): void }) {
  const existing = useSites();
  const addRows = useAddSiteRows();
  const [rows, setRows] = useState<SiteRow[]>(() => [newSiteRow()]);
  const [saving, setSaving] = useState(false);
  const sites = existing.data ?? [];

  const submit = async () => {
    const flagged = flagUnusableBudgets(rows);
    if (flagged) {
      setRows(flagged);
      return;
    }
    setSaving(true);
    const { left, failed } = await addRows(rows);
    setSaving(false);
    if (failed) showErrorToast();
    if (left.length === 0) return onNext();
    setRows(left);
  };

  return (
    <StepLayout
      title="Which sites pull you in?"
      lead="Each visit starts with a short breathing pause. The budget is how many sessions a day you allow yourself."
      actions={
        <Button onClick={() => void submit()} loading={saving}>
          Continue
        </Button>
      }
    >
      {sites.length > 0 ? (
        <p className="text-sm text-muted">
          Already intercepted:{' '}
          <span className="font-medium text-ink">
            {sites.map((site) => siteHost(site.siteOrigin)).join(', ')}
          </span>
        </p>
      ) : null}

      <fieldset disabled={saving} className="flex flex-col gap-4">
        <legend className="sr-only">Sites to intercept</legend>
        {rows.map((row, index) => (
          <SiteRowFields
            key={row.key}
            row={row}
            number={index + 1}
            onChange={(patch) => setRows((current) => editSiteRow(current, row.key, patch))}
            onRemove={() => setRows((current) => removeSiteRow(current, row.key))}
          />
        ))}
        <div>
          <Button variant="ghost" onClick={() => setRows((current) => [...current, newSiteRow()])}>
            + Add another site
          </Button>
        </div>
      </fieldset>

      <PopularSiteChips
        sites={popularSitesLeft(sites, rows)}
        disabled={saving}
        onPick={(site) => setRows((current) => fillSiteRow(current, site))}
      />
    </StepLayout>
  );
}
