export { feedbackPage } from '../feedback/support';
export { adminCheck } from './access';
export { deleteAccountAsAdmin, grantPremium, refundPayment, resendGiftEmail, revokeGrant } from './actions';
export { auditEventsPage } from './audit';
export type { AdminDependencies } from './dependencies';
export { findPeople } from './find-people';
export { refundGiftPurchase } from './gift-purchases';
export { getPerson } from './person';
