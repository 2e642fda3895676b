import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import {
  appReferralStats,
  clickedDownloadFromAppReferral,
  type ReferralsDependencies,
  viewAppReferral,
} from './service';

export function registerReferralsRoutes(app: FastifyInstance, deps: ReferralsDependencies): void {
  registerEndpoint(app, endpoints.viewAppReferral, ({ body }) => viewAppReferral(deps, body), {
    rateLimit: rateLimits.referralView,
  });
  registerEndpoint(
    app,
    endpoints.clickedDownloadFromAppReferral,
    ({ body }) => clickedDownloadFromAppReferral(deps, body),
    { rateLimit: rateLimits.referralClick },
  );
  registerEndpoint(app, endpoints.getAppReferralStats, ({ user }) => appReferralStats(deps, user.id), {
    rateLimit: rateLimits.referralStats,
  });
}
