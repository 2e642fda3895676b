/**
 * What deleting an account does to each table, and what the person's data export holds of it: the
 * one list both follow (docs/privacy.md, "The data inventory"). `test/account-deletion-coverage.test.ts`
 * walks the schema and fails while a table has no rule here, so a new table cannot be forgotten.
 */

/**
 * - `cascade`: the rows go with the user row (the table's foreign key, or its parent's, cascades);
 * - `delete`: the owner's eraser deletes the person's rows (they are keyed by a number or an
 *   address rather than by the account, or they are short-lived copies);
 * - `anonymise`: the rows stay, for the law (payment records) or for others (a shared link, a
 *   gift's codes, counts), without anything that names the person;
 * - `keep`: the rows stay as they are, naming the person by user id alone (the support team's audit
 *   log: the record of what was done, the deletion included, must outlive the account);
 * - `none`: nothing about a person (a catalogue, the provider's event ids, the local test
 *   provider's objects, which never exist in production).
 */
export type EraseRule = 'cascade' | 'delete' | 'anonymise' | 'keep' | 'none';

export interface TableRule {
  /** The module that owns the table and does the erasing and the exporting. */
  owner: string;
  erase: EraseRule;
  /** `rows`: the export lists the person's rows of this table (maybe none); `none`: it leaves it out. */
  export: 'rows' | 'none';
  /** Columns (as the rows name them) that act for the person and never appear in an export. */
  secret?: readonly string[];
  /** Why, in a few words, where the rule is not the obvious one. */
  note?: string;
}

export const DATA_MAP = {
  user: {
    owner: 'auth',
    erase: 'delete',
    export: 'rows',
    note: 'deleted last, in the same transaction; a phone account’s placeholder address is not exported',
  },
  session: {
    owner: 'auth',
    erase: 'cascade',
    export: 'rows',
    secret: ['token'],
    note: 'every token of the account is refused from the commit on',
  },
  account: {
    owner: 'auth',
    erase: 'cascade',
    export: 'rows',
    secret: ['accessToken', 'refreshToken', 'idToken', 'password'],
  },
  verification: {
    owner: 'auth',
    erase: 'delete',
    export: 'none',
    note: 'sign-in codes of the account’s number, keyed by number; codes are never exported',
  },
  otp_send_log: { owner: 'auth', erase: 'delete', export: 'rows', note: 'keyed by the account’s number' },
  extension_exchange_token: {
    owner: 'modules/extension-link',
    erase: 'cascade',
    export: 'none',
    secret: ['tokenHash'],
    note: 'one-time hand-off tokens, minutes long',
  },
  browser_site: { owner: 'modules/sites', erase: 'cascade', export: 'rows' },
  browser_site_session: { owner: 'modules/sites', erase: 'cascade', export: 'rows' },
  intercept_outcome: { owner: 'modules/insights', erase: 'cascade', export: 'rows' },
  feedblocking_settings: { owner: 'modules/settings', erase: 'cascade', export: 'rows' },
  profile: { owner: 'modules/profile', erase: 'cascade', export: 'rows' },
  mobile_screen_time: { owner: 'modules/profile', erase: 'cascade', export: 'rows' },
  mobile_app: { owner: 'modules/apps', erase: 'cascade', export: 'rows' },
  mobile_app_daily_usage: {
    owner: 'modules/apps',
    erase: 'cascade',
    export: 'rows',
    note: 'through mobile_app',
  },
  mobile_app_weekly_usage: {
    owner: 'modules/apps',
    erase: 'cascade',
    export: 'rows',
    note: 'through mobile_app',
  },
  supported_app: { owner: 'modules/apps', erase: 'none', export: 'none' },
  onboarding_answers: { owner: 'modules/onboarding', erase: 'cascade', export: 'rows' },
  web_first_answers: { owner: 'modules/onboarding', erase: 'cascade', export: 'rows' },
  entitlement: { owner: 'modules/entitlements', erase: 'cascade', export: 'rows' },
  free_trial: { owner: 'modules/entitlements', erase: 'cascade', export: 'rows' },
  payment_customer: {
    owner: 'modules/payments',
    erase: 'cascade',
    export: 'rows',
    note: 'the provider keeps its customer and invoices, as tax law requires',
  },
  payment_subscription: {
    owner: 'modules/payments',
    erase: 'cascade',
    export: 'rows',
    note: 'cancelled at the provider first; our mirror goes, the provider keeps the accounting record',
  },
  processed_payment_event: { owner: 'modules/payments', erase: 'none', export: 'none' },
  local_payment_object: {
    owner: 'integrations/payments/local',
    erase: 'none',
    export: 'none',
    note: 'the local test provider, never in production',
  },
  trial_reminder: { owner: 'modules/trial-reminders', erase: 'cascade', export: 'rows' },
  gift_purchase: {
    owner: 'modules/gifts',
    erase: 'anonymise',
    export: 'rows',
    note: 'a payment record whose codes keep working for their recipients; buyer’s account and e-mail cleared',
  },
  redemption_code: {
    owner: 'modules/gifts',
    erase: 'anonymise',
    export: 'rows',
    note: 'who redeemed a code is cleared; a bought code’s redeemer is never exported',
  },
  terms_agreement: {
    owner: 'modules/agreements',
    erase: 'anonymise',
    export: 'rows',
    note: 'a payment record; user id and e-mail cleared',
  },
  newsletter_signup: {
    owner: 'modules/newsletter',
    erase: 'delete',
    export: 'rows',
    secret: ['unsubscribeToken'],
    note: 'the account’s addresses, keyed by address',
  },
  newsletter_confirmation: {
    owner: 'modules/newsletter',
    erase: 'cascade',
    export: 'rows',
    secret: ['tokenHash'],
    note: 'through newsletter_signup',
  },
  feedback_message: {
    owner: 'modules/feedback',
    erase: 'anonymise',
    export: 'rows',
    note: 'the text stays; user id, e-mail, phone number and trial e-mail cleared',
  },
  analytics_event: {
    owner: 'modules/analytics',
    erase: 'anonymise',
    export: 'rows',
    note: 'user id cleared; purged by the retention job',
  },
  ad_event: {
    owner: 'modules/ad-events',
    erase: 'anonymise',
    export: 'rows',
    note: 'user id cleared; purged by the retention job',
  },
  client_error_report: {
    owner: 'modules/client-errors',
    erase: 'cascade',
    export: 'rows',
    note: 'scrubbed before storing; purged by the retention job after 30 days',
  },
  referral_view: {
    owner: 'modules/referrals',
    erase: 'anonymise',
    export: 'rows',
    note: 'visits to the person’s link stay as counts',
  },
  deep_link: {
    owner: 'modules/deep-links',
    erase: 'anonymise',
    export: 'rows',
    note: 'a shared link keeps working without naming its creator',
  },
  admin_audit_event: {
    owner: 'modules/admin',
    erase: 'keep',
    export: 'rows',
    note: 'the support audit log: kept as evidence of what the team did, the deletion included; names the person by uid only; exported without the acting admin',
  },
  idempotency_key: {
    owner: 'modules/idempotency',
    erase: 'delete',
    export: 'none',
    note: 'copies of answers the person already had, 24 hours long',
  },
} as const satisfies Record<string, TableRule>;

export type MappedTable = keyof typeof DATA_MAP;

const rules: Readonly<Record<string, TableRule>> = DATA_MAP;

/** The rule of a table by its SQL name, or undefined for a table the map does not know. */
export const ruleOf = (table: string): TableRule | undefined => rules[table];

/** The tables an export lists, each present even when the person has no rows in it. */
export const EXPORTED_TABLES: readonly string[] = Object.entries(rules)
  .filter(([, rule]) => rule.export === 'rows')
  .map(([table]) => table);
