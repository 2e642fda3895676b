export { AddSiteProvider, useAddSite } from './AddSiteProvider';
