import {
  DEFAULT_SITE_BUDGET,
  isSubmittableSiteRow,
  MIN_SITE_BUDGET,
  POPULAR_SITES,
  parseBudget,
  siteMatchKey,
} from '@stillpoint/core';

/** One row of onboarding's site list (SETUP_INTERCEPT), as the person is typing it. */
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

/** A fresh row; its budget starts at the default of 3. */
export const newSiteRow = (siteOrigin = ''): SiteRow => ({
  key: nextKey++,
  siteOrigin,
  budget: String(DEFAULT_SITE_BUDGET),
  error: null,
  budgetError: null,
});

/** The row as the server receives it. */
export const siteRowBody = (row: SiteRow) => ({
  siteOrigin: row.siteOrigin.trim(),
  budget: parseBudget(row.budget),
});

const hasSite = (row: SiteRow) => row.siteOrigin.trim() !== '';

/** A row with a site and a budget above 0 (SPEC §5); empty rows are simply not sent. */
export const canSendSiteRow = (row: SiteRow): boolean => isSubmittableSiteRow(siteRowBody(row));

/** A typing change; whatever was wrong with the row no longer applies. */
export const editSiteRow = (
  rows: readonly SiteRow[],
  key: number,
  patch: Partial<Pick<SiteRow, 'siteOrigin' | 'budget'>>,
): SiteRow[] =>
  rows.map((row) => (row.key === key ? { ...row, ...patch, error: null, budgetError: null } : row));

/** Removing the last row leaves an empty one, so there is always a place to type. */
export function removeSiteRow(rows: readonly SiteRow[], key: number): SiteRow[] {
  const rest = rows.filter((row) => row.key !== key);
  return rest.length > 0 ? rest : [newSiteRow()];
}

/** A popular-site chip fills the first empty row, or adds a row when every row has a site. */
export function fillSiteRow(rows: readonly SiteRow[], siteOrigin: string): SiteRow[] {
  const blank = rows.find((row) => !hasSite(row));
  return blank
    ? rows.map((row) => (row === blank ? { ...row, siteOrigin } : row))
    : [...rows, newSiteRow(siteOrigin)];
}

/**
 * A site typed with no usable budget is not dropped silently: the rows with one come back with
 * the budget marked. Null when every typed site can be sent.
 */
export function flagUnusableBudgets(rows: readonly SiteRow[]): SiteRow[] | null {
  const unusable = new Set(rows.filter((row) => hasSite(row) && !canSendSiteRow(row)).map((row) => row.key));
  if (unusable.size === 0) return null;
  return rows.map((row) =>
    unusable.has(row.key) ? { ...row, budgetError: `At least ${MIN_SITE_BUDGET}` } : row,
  );
}

/**
 * The popular sites still worth offering: neither intercepted already nor typed in a row, judged
 * as the server judges duplicates (www.reddit.com and reddit.com are one site).
 */
export function popularSitesLeft(
  existing: readonly { siteOrigin: string }[],
  rows: readonly SiteRow[],
): string[] {
  const taken = new Set([
    ...existing.map((site) => siteMatchKey(site.siteOrigin)),
    ...rows.map((row) => siteMatchKey(row.siteOrigin.trim())),
  ]);
  return POPULAR_SITES.filter((site) => !taken.has(siteMatchKey(site)));
}
