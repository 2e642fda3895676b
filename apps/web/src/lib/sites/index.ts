export { BudgetField, budgetValueAs } from './BudgetField';
export { useAddSiteMutation, useDeleteSite, useToggleSiteActive, useUpdateSiteBudget } from './siteMutations';
export {
  editSiteRow,
  fillSiteRow,
  flagUnusableBudgets,
  newSiteRow,
  popularSitesLeft,
  removeSiteRow,
  type SiteRow,
} from './siteRows';
export { reloadSites, sitesQuery, useSites } from './sitesQuery';
export { type AddedSiteRows, useAddSiteRows } from './useAddSiteRows';
