// The whole database schema: every table and relation, for drizzle-kit (migrations), the
// db client (`drizzle(client, { schema })`) and Better Auth's Drizzle adapter, which looks
// tables up by these export names (`user`, `session`, `account`, `verification`).
export * from './ad-events';
export * from './admin';
export * from './agreements';
export * from './analytics';
export * from './auth';
export * from './client-errors';
export * from './deep-links';
export * from './feedback';
export * from './gifts';
export * from './idempotency';
export * from './insights';
export * from './mobile';
export * from './newsletter';
export * from './onboarding';
export * from './payments';
export * from './profile';
export * from './referral';
export * from './relations';
export * from './settings';
export * from './sites';
export * from './subscriptions';
export * from './trial-reminders';
