import { z } from 'zod/mini';
import { WEEK_DAYS } from '../../rules/app-days';
import { MAX_TIMEZONE_OFFSET_MINUTES } from '../../rules/time';
import { isValidHostName } from '../../validation/host';
import { defineEndpoint } from '../endpoint';
import { epochSecondsSchema, userDayBodySchema } from './common';

/** Our own ceilings: one report stays a sane size, and no figure is beyond what a day can hold. */
export const MOBILE_USAGE_MAX_APPS = 200;
export const MOBILE_USAGE_MAX_DOMAINS = 50;
/** Two weeks: enough for a phone that was offline a while to catch up, in one report. */
export const MOBILE_USAGE_MAX_DAYS = 14;
export const MINUTES_PER_DAY = 1440;
/** About one open every nine seconds of a whole day: anything above is a counting fault. */
export const MAX_DAILY_APP_OPENS = 10_000;
const MAX_WEEKLY_OPENS = 100_000;
const MAX_APP_BUDGET = 10_000;

const wholeNumber = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .check(
      z.int(`${field} must be a whole number`),
      z.minimum(0, `${field} must be 0 or more`),
      z.maximum(max, `${field} can be at most ${max}`),
    );

/** A web domain of an app, offered as an "add site" chip: a host name, stored lower-cased. */
const domainSchema = z
  .string({ error: 'domains must be host names' })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.refine(isValidHostName, 'domains must be host names like instagram.com'),
  );

/** One local day of an app's use; a resent day replaces what was stored for it. */
const dayUsageSchema = z.strictObject({
  userDay: userDayBodySchema,
  appOpens: wholeNumber('appOpens', MAX_DAILY_APP_OPENS),
  minutesUsed: wholeNumber('minutesUsed', MINUTES_PER_DAY),
});
export type ReportedAppDay = z.output<typeof dayUsageSchema>;

/** Deprecated: older phone builds report a week total; it is kept as a week total, shown apart. */
const weekUsageSchema = z.strictObject({
  weekStartUserDay: userDayBodySchema,
  totalAppOpens: wholeNumber('totalAppOpens', MAX_WEEKLY_OPENS),
  totalMinutesUsed: wholeNumber('totalMinutesUsed', WEEK_DAYS * MINUTES_PER_DAY),
});

/** One app the person limits on their phone, with its use per day (or, from older builds, per week). */
export const reportedAppSchema = z
  .strictObject({
    /** An id from getSupportedApps; unknown ids are refused. */
    supportedAppId: z.optional(
      z.string({ error: 'supportedAppId must be text' }).check(z.trim(), z.minLength(1), z.maxLength(64)),
    ),
    /** The app's name as the phone shows it, for apps outside the catalogue. */
    name: z.optional(
      z
        .string({ error: 'name must be text' })
        .check(z.trim(), z.minLength(1, 'name cannot be empty'), z.maxLength(100)),
    ),
    /** Opens allowed per day. */
    budget: wholeNumber('budget', MAX_APP_BUDGET),
    domains: z.pipe(
      z._default(
        z
          .array(domainSchema, { error: 'domains must be a list of host names' })
          .check(
            z.maxLength(
              MOBILE_USAGE_MAX_DOMAINS,
              `an app can have at most ${MOBILE_USAGE_MAX_DOMAINS} domains`,
            ),
          ),
        [],
      ),
      z.transform((domains) => [...new Set(domains)]),
    ),
    /** The days this report speaks for, each replacing what was stored for that day. */
    days: z.optional(
      z
        .array(dayUsageSchema, { error: 'days must be a list' })
        .check(
          z.minLength(1, 'days must list at least one day'),
          z.maxLength(MOBILE_USAGE_MAX_DAYS, `days can list at most ${MOBILE_USAGE_MAX_DAYS} days`),
        ),
    ),
    /** Deprecated (older phone builds): this week's totals so far. */
    week: z.optional(weekUsageSchema),
  })
  .check(
    z.refine((app) => app.supportedAppId !== undefined || app.name !== undefined, {
      message: 'each app needs a supportedAppId or a name',
    }),
    z.refine((app) => app.days !== undefined || app.week !== undefined, {
      message: 'each app needs its days (or, from older phone builds, its week)',
      path: ['days'],
    }),
  );
export type ReportedApp = z.output<typeof reportedAppSchema>;

/** Which report entry an app is: its catalogue id, else its name (case does not matter). */
export const reportedAppKey = (app: { supportedAppId?: string | undefined; name?: string | undefined }) =>
  app.supportedAppId !== undefined ? `id:${app.supportedAppId}` : `name:${(app.name ?? '').toLowerCase()}`;

/**
 * What the phone app reports. Every part is optional except the day it speaks for, and each part
 * replaces what was stored (a resend never adds up twice). `apps`, when sent, is the whole list of
 * apps the person limits: apps missing from it leave the phone card.
 */
export const reportMobileUsageBodySchema = z
  .strictObject({
    /** The phone's local day number (see rules/time userDay). */
    userDay: userDayBodySchema,
    timezoneOffsetMinutes: z.optional(
      z
        .number({ error: 'timezoneOffsetMinutes must be a number' })
        .check(
          z.int('timezoneOffsetMinutes must be whole minutes'),
          z.minimum(-MAX_TIMEZONE_OFFSET_MINUTES, 'timezoneOffsetMinutes must be between -840 and 840'),
          z.maximum(MAX_TIMEZONE_OFFSET_MINUTES, 'timezoneOffsetMinutes must be between -840 and 840'),
        ),
    ),
    /** Epoch seconds the current day streak started; null ends the streak. */
    streakStarted: z.optional(z.nullable(epochSecondsSchema('streakStarted'))),
    screenTimeMinutesToday: z.optional(wholeNumber('screenTimeMinutesToday', MINUTES_PER_DAY)),
    apps: z.optional(
      z
        .array(reportedAppSchema, { error: 'apps must be a list' })
        .check(z.maxLength(MOBILE_USAGE_MAX_APPS, `apps can list at most ${MOBILE_USAGE_MAX_APPS} apps`)),
    ),
  })
  .check(
    z.superRefine((body, ctx) => {
      const seen = new Set<string>();
      for (const [index, app] of (body.apps ?? []).entries()) {
        const days = new Set<number>();
        for (const [dayIndex, day] of (app.days ?? []).entries()) {
          const path = ['apps', index, 'days', dayIndex, 'userDay'];
          if (day.userDay > body.userDay) {
            ctx.addIssue({ code: 'custom', path, message: 'days cannot be after userDay' });
          }
          if (days.has(day.userDay)) {
            ctx.addIssue({ code: 'custom', path, message: `day ${day.userDay} is listed twice in days` });
          }
          days.add(day.userDay);
        }
        if (app.week && app.week.weekStartUserDay > body.userDay) {
          ctx.addIssue({
            code: 'custom',
            path: ['apps', index, 'week', 'weekStartUserDay'],
            message: 'weekStartUserDay cannot be after userDay',
          });
        }
        const key = reportedAppKey(app);
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['apps', index],
            message: `${app.supportedAppId ?? app.name} is listed twice`,
          });
        }
        seen.add(key);
      }
    }),
  );
export type ReportMobileUsageBody = z.output<typeof reportMobileUsageBodySchema>;

export const reportMobileUsageResponseSchema = z.object({
  ok: z.literal(true),
  /** How many apps the phone card now shows. */
  apps: z.int(),
});

export const mobileUsageEndpoints = {
  reportMobileUsage: defineEndpoint({
    method: 'POST',
    path: '/reportMobileUsage',
    summary:
      "The phone app reports screen time, streak and per-app use per day; resending replaces, never adds. Stillpoint's own addition: SPEC §7 names no path for it (see docs/mobile-ingest.md).",
    auth: 'user',
    // A phone that limits many apps and was offline two weeks sends a few hundred KB.
    bodyLimitBytes: 512 * 1024,
    body: reportMobileUsageBodySchema,
    response: reportMobileUsageResponseSchema,
  }),
};
