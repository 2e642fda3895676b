import { z } from 'zod';
import { WEEK_DAYS } from '../../rules/app-weeks';
import { MAX_TIMEZONE_OFFSET_MINUTES } from '../../rules/time';
import { isValidHostName } from '../../validation/host';
import { defineEndpoint } from '../endpoint';
import { epochSecondsSchema, userDayBodySchema } from './common';

/** Our own ceilings: one report stays a sane size, and no figure is beyond what a week can hold. */
export const MOBILE_USAGE_MAX_APPS = 200;
export const MOBILE_USAGE_MAX_DOMAINS = 50;
export const MINUTES_PER_DAY = 1440;
const MAX_WEEKLY_OPENS = 100_000;
const MAX_APP_BUDGET = 10_000;

const wholeNumber = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be 0 or more`)
    .max(max, `${field} can be at most ${max}`);

/** A web domain of an app, offered as an "add site" chip: a host name, stored lower-cased. */
const domainSchema = z
  .string({ error: 'domains must be host names' })
  .trim()
  .toLowerCase()
  .refine(isValidHostName, 'domains must be host names like instagram.com');

const weekUsageSchema = z.strictObject({
  weekStartUserDay: userDayBodySchema,
  totalAppOpens: wholeNumber('totalAppOpens', MAX_WEEKLY_OPENS),
  totalMinutesUsed: wholeNumber('totalMinutesUsed', WEEK_DAYS * MINUTES_PER_DAY),
});

/** One app the person limits on their phone, with this week's totals so far. */
export const reportedAppSchema = z
  .strictObject({
    /** An id from getSupportedApps; unknown ids are refused. */
    supportedAppId: z.string({ error: 'supportedAppId must be text' }).trim().min(1).max(64).optional(),
    /** The app's name as the phone shows it, for apps outside the catalogue. */
    name: z.string({ error: 'name must be text' }).trim().min(1, 'name cannot be empty').max(100).optional(),
    /** Opens allowed per day. */
    budget: wholeNumber('budget', MAX_APP_BUDGET),
    domains: z
      .array(domainSchema, { error: 'domains must be a list of host names' })
      .max(MOBILE_USAGE_MAX_DOMAINS, `an app can have at most ${MOBILE_USAGE_MAX_DOMAINS} domains`)
      .default([])
      .transform((domains) => [...new Set(domains)]),
    week: weekUsageSchema,
  })
  .refine((app) => app.supportedAppId !== undefined || app.name !== undefined, {
    message: 'each app needs a supportedAppId or a name',
  });
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
    timezoneOffsetMinutes: z
      .number({ error: 'timezoneOffsetMinutes must be a number' })
      .int('timezoneOffsetMinutes must be whole minutes')
      .min(-MAX_TIMEZONE_OFFSET_MINUTES, 'timezoneOffsetMinutes must be between -840 and 840')
      .max(MAX_TIMEZONE_OFFSET_MINUTES, 'timezoneOffsetMinutes must be between -840 and 840')
      .optional(),
    /** Epoch seconds the current day streak started; null ends the streak. */
    streakStarted: epochSecondsSchema('streakStarted').nullable().optional(),
    screenTimeMinutesToday: wholeNumber('screenTimeMinutesToday', MINUTES_PER_DAY).optional(),
    apps: z
      .array(reportedAppSchema, { error: 'apps must be a list' })
      .max(MOBILE_USAGE_MAX_APPS, `apps can list at most ${MOBILE_USAGE_MAX_APPS} apps`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const [index, app] of (body.apps ?? []).entries()) {
      if (app.week.weekStartUserDay > body.userDay) {
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
  });
export type ReportMobileUsageBody = z.output<typeof reportMobileUsageBodySchema>;

export const reportMobileUsageResponseSchema = z.object({
  ok: z.literal(true),
  /** How many apps the phone card now shows. */
  apps: z.number().int(),
});

export const mobileUsageEndpoints = {
  reportMobileUsage: defineEndpoint({
    method: 'POST',
    path: '/reportMobileUsage',
    summary:
      "The phone app reports screen time, streak and per-app weekly use; resending replaces, never adds. Stillpoint's own addition: SPEC §7 names no path for it (see docs/mobile-ingest.md).",
    auth: 'user',
    body: reportMobileUsageBodySchema,
    response: reportMobileUsageResponseSchema,
  }),
};
