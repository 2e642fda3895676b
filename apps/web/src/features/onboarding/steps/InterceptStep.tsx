import {
  ApiError,
  DEFAULT_SITE_BUDGET,
  isSubmittableSiteRow,
  localUserDay,
  MIN_SITE_BUDGET,
  parseBudget,
  siteHost,
  siteMatchKey,
} from '@stillpoint/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { track } from '../../../lib/analytics';
import { callApi } from '../../../lib/api';
import { clearBrowserSitesCache } from '../../../lib/extension';
import { queryKeys } from '../../../lib/queryKeys';
import { sitesQuery } from '../../../lib/sharedQueries';
import { Button } from '../../../ui/Button';
import { showErrorToast } from '../../../ui/toast';
import { StepLayout } from '../StepLayout';
import { SiteRowFields } from './SiteRowFields';

/** Sites people most often want a pause before; one tap fills a row. */
const SUGGESTED_SITES = [
  'youtube.com',
  'reddit.com',
  'x.com',
  'instagram.com',
  'tiktok.com',
  'news.ycombinator.com',
];

export interface SiteRow {
  key: number;
  siteOrigin: string;
  /** As typed, read as a whole number on submit (SPEC §5). */
  budget: string;
  /** Why the server refused the site. */
  error: string | null;
  /** Why the budget cannot be used. */
  budgetError: string | null;
}

let nextKey = 1;
const emptyRow = (siteOrigin = ''): SiteRow => ({
  key: nextKey++,
  siteOrigin,
  budget: String(DEFAULT_SITE_BUDGET),
  error: null,
  budgetError: null,
});

const asSiteRow = (row: SiteRow) => ({ siteOrigin: row.siteOrigin, budget: parseBudget(row.budget) });

/**
 * SETUP_INTERCEPT: rows of site and daily budget (new rows start at 3). Continue adds each row
 * with a site and a budget above 0 (SPEC §5); a row the server refuses keeps its text with the
 * reason, while the ones that were added leave the form, so nothing is sent twice.
 */
export function InterceptStep({ onNext }: { onNext(): void }) {
  const queryClient = useQueryClient();
  const userDay = localUserDay(new Date());
  const existing = useQuery(sitesQuery(userDay));
  const [rows, setRows] = useState<SiteRow[]>(() => [emptyRow()]);
  const [saving, setSaving] = useState(false);
  const suggestionsId = useId();

  const update = (key: number, patch: Partial<SiteRow>) =>
    setRows((current) =>
      current.map((row) => (row.key === key ? { ...row, ...patch, error: null, budgetError: null } : row)),
    );
  const remove = (key: number) =>
    setRows((current) => {
      const rest = current.filter((row) => row.key !== key);
      return rest.length > 0 ? rest : [emptyRow()];
    });
  const suggest = (site: string) =>
    setRows((current) => {
      const blank = current.find((row) => row.siteOrigin.trim() === '');
      return blank
        ? current.map((row) => (row === blank ? { ...row, siteOrigin: site } : row))
        : [...current, emptyRow(site)];
    });

  // Judged as the server judges duplicates: www.reddit.com and reddit.com are one site.
  const taken = new Set([
    ...(existing.data ?? []).map((site) => siteMatchKey(site.siteOrigin)),
    ...rows.map((row) => siteMatchKey(row.siteOrigin.trim())),
  ]);
  const suggestions = SUGGESTED_SITES.filter((site) => !taken.has(siteMatchKey(site)));

  const submit = async () => {
    // A site typed with no usable budget is not dropped silently: it is pointed out.
    const unusable = rows.filter(
      (row) => row.siteOrigin.trim() !== '' && !isSubmittableSiteRow(asSiteRow(row)),
    );
    if (unusable.length > 0) {
      const keys = new Set(unusable.map((row) => row.key));
      setRows((current) =>
        current.map((row) =>
          keys.has(row.key) ? { ...row, budgetError: `At least ${MIN_SITE_BUDGET}` } : row,
        ),
      );
      return;
    }
    setSaving(true);
    const left: SiteRow[] = [];
    let failed = false;
    for (const row of rows) {
      if (failed || !isSubmittableSiteRow(asSiteRow(row))) {
        if (row.siteOrigin.trim() !== '') left.push(row);
        continue;
      }
      try {
        const site = await callApi('addBrowserSite', {
          siteOrigin: row.siteOrigin.trim(),
          budget: parseBudget(row.budget),
        });
        track('addedNewSite', { siteId: site.id, siteOrigin: site.siteOrigin, budget: site.budget });
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
    setSaving(false);
    void clearBrowserSitesCache();
    void queryClient.invalidateQueries({ queryKey: queryKeys.sites() });
    if (failed) showErrorToast();
    if (left.length === 0) return onNext();
    setRows(left);
  };

  const sites = existing.data ?? [];
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
            onChange={(patch) => update(row.key, patch)}
            onRemove={() => remove(row.key)}
          />
        ))}
        <div>
          <Button variant="ghost" onClick={() => setRows((current) => [...current, emptyRow()])}>
            + Add another site
          </Button>
        </div>
      </fieldset>

      {suggestions.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h2 id={suggestionsId} className="text-sm font-medium text-muted">
            Popular choices
          </h2>
          <ul aria-labelledby={suggestionsId} className="flex flex-wrap gap-2">
            {suggestions.map((site) => (
              <li key={site}>
                <button
                  type="button"
                  disabled={saving}
                  onClick={() => suggest(site)}
                  aria-label={`Add ${site}`}
                  className="min-h-11 rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink hover:border-accent hover:text-accent disabled:opacity-50"
                >
                  + {site}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </StepLayout>
  );
}
