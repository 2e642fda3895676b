import { z } from 'zod/mini';
import { ENTITY_ID_MAX_LENGTH } from '../../validation/entity-id';

/**
 * Shared pieces of the SPEC §7 schemas. Query values arrive as strings, so the query helpers
 * accept either a string or the typed value; bodies are JSON and take typed values only.
 */

/** Ids of the server's rows travel as opaque strings. */
export const entityIdSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.trim(),
      z.minLength(1, `${field} is required`),
      z.maxLength(ENTITY_ID_MAX_LENGTH, `${field} is too long`),
    );

/** Rows whose ids are UUIDs (sites, sessions, referral views); anything else is refused, not looked up. */
export const uuidSchema = (field: string) => z.uuid({ error: `${field} must be a UUID` });

/** A whole-number query value. Blank strings are refused rather than read as 0. */
export const queryIntegerSchema = (field: string) =>
  z.pipe(
    z.union(
      [z.number(), z.string().check(z.trim(), z.regex(/^-?\d+$/, `${field} must be a whole number`))],
      `${field} must be a whole number`,
    ),
    z.coerce.number<string | number>().check(z.int(`${field} must be a whole number`)),
  );

/** A true/false query value: 'true'/'false', '1'/'0', or a boolean. ('false' must not read as true.) */
export const queryBooleanSchema = (field: string) =>
  z.union(
    [z.boolean(), z.stringbool({ error: `${field} must be true or false` })],
    `${field} must be true or false`,
  );

/**
 * The last day number there can be: a date reaches 8.64e15 ms, 100,000,000 days after 1970. A
 * larger number names no day, and day numbers are stored as 32-bit integers.
 */
export const MAX_USER_DAY = 100_000_000;
const PAST_THE_LAST_DAY = 'userDay is past the last day there can be';

/** The user's day number (see rules/time userDay), from the query string. */
export const userDayQuerySchema = z.pipe(
  queryIntegerSchema('userDay'),
  z.number().check(z.minimum(0, 'userDay must be 0 or more'), z.maximum(MAX_USER_DAY, PAST_THE_LAST_DAY)),
);

/** The same day number in a JSON body. */
export const userDayBodySchema = z
  .number({ error: 'userDay must be a number' })
  .check(
    z.int('userDay must be a whole number'),
    z.minimum(0, 'userDay must be 0 or more'),
    z.maximum(MAX_USER_DAY, PAST_THE_LAST_DAY),
  );

/** Epoch seconds, as sessions and streaks store time. */
export const epochSecondsSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .check(z.int(`${field} must be whole seconds`), z.minimum(0));

export const priceIdSchema = z
  .string({ error: 'priceId must be text' })
  .check(z.trim(), z.minLength(1, 'priceId is required'), z.maxLength(255, 'priceId is too long'));

/**
 * A path on this site to return to after hosted checkout. Only same-site paths pass, never a
 * full URL or '//host' (which browsers read as another site), so checkout cannot become an
 * open redirect.
 */
export const returnPathSchema = (field: string) =>
  z.string({ error: `${field} must be text` }).check(
    z.maxLength(2000, `${field} is too long`),
    // No whitespace or control characters: a path is pasted into a URL, and a database cannot hold NUL.
    z.regex(/^\/(?![/\\])[^\s\p{Cc}]*$/u, `${field} must be a path on this site, like /gift`),
  );

/** For calls whose only answer is that they worked. */
export const acknowledgedSchema = z.object({ ok: z.literal(true) });
export type Acknowledged = z.infer<typeof acknowledgedSchema>;

export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });
