import { siteHost } from './display-name';

/** Why Add Site refused a site the person already intercepts: the server's 409 text. */
export const duplicateSiteMessage = (siteOrigin: string): string =>
  `${siteHost(siteOrigin)} is already one of your intercepted sites.`;
