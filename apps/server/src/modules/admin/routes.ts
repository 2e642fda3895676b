import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { listClientErrors } from '../client-errors/service';
import {
  type AdminDependencies,
  auditEventsPage,
  deleteAccountAsAdmin,
  feedbackPage,
  findPeople,
  getPerson,
  grantPremium,
  refundGiftPurchase,
  refundPayment,
  resendGiftEmail,
  revokeGrant,
} from './service';

const FEEDBACK_PAGE = 50;

/** The support console's calls (docs/support.md), every one `auth: 'admin'`. */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminDependencies): void {
  registerEndpoint(app, endpoints.adminGetSelf, ({ user }) => ({ uid: user.id }));
  registerEndpoint(app, endpoints.adminFindPeople, ({ query }) => findPeople(deps, query.q));
  registerEndpoint(app, endpoints.adminGetPerson, ({ query }) => getPerson(deps, query.uid));
  registerEndpoint(app, endpoints.adminGrantPremium, ({ body, user }) => grantPremium(deps, user, body));
  registerEndpoint(app, endpoints.adminRevokeGrant, ({ body, user }) => revokeGrant(deps, user, body));
  registerEndpoint(app, endpoints.adminResendGiftEmail, ({ body, user }) =>
    resendGiftEmail(deps, user, body),
  );
  registerEndpoint(app, endpoints.adminDeleteAccount, ({ body, user }) =>
    deleteAccountAsAdmin(deps, user, body),
  );
  registerEndpoint(app, endpoints.adminListFeedback, ({ query }) =>
    feedbackPage(deps.db, { ...query, limit: query.limit ?? FEEDBACK_PAGE }),
  );
  registerEndpoint(app, endpoints.adminListAuditEvents, ({ query }) => auditEventsPage(deps.db, query));
  registerEndpoint(app, endpoints.adminRefundPayment, ({ body, user }) => refundPayment(deps, user, body));
  registerEndpoint(app, endpoints.adminRefundGiftPurchase, ({ body, user }) =>
    refundGiftPurchase(deps, user, body),
  );
  registerEndpoint(app, endpoints.adminListClientErrors, ({ query }) => listClientErrors(deps.db, query));
}
