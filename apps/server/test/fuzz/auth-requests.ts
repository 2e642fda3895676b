import fc from 'fast-check';
import { z } from 'zod';
import type { Auth } from '../../src/auth';
import { isServedAuthRoute } from '../../src/auth/sign-in-methods';
import { type Credential, FuzzRequest, type FuzzTarget, requestsFor } from './fuzz-requests';
import { encodeQueryText, mutatedQueries, queryPairsOf, queryText } from './hostile-query';
import { mutatedBodies, unstorableStrings } from './hostile-values';
import { jsonText } from './json-text';
import { arbitraryFor, type DeriveOptions } from './schema-arbitrary';

/** One Better Auth route the server serves, as Better Auth names it (`:id` is a provider's id). */
export interface AuthRoute {
  method: 'GET' | 'POST';
  path: `/${string}`;
  /** The body the server takes where it is not the one Better Auth's schema describes, and why. */
  body?: { schema: z.core.$ZodType; why: string };
  /** A success may end the calling session: the fuzz signs its person in again when it did. */
  endsSessions?: true;
  /**
   * Tables a refused call may change here, each with why. Exactly these: any other table a 4xx
   * changes fails the test.
   */
  refusalMayChange?: Readonly<Record<string, string>>;
}

/**
 * Every route sign-in-methods.ts serves. A route Better Auth gains and the server serves fails
 * `servedAuthRoutes`' check until it is listed here, so none goes unfuzzed.
 */
export const AUTH_ROUTES: readonly AuthRoute[] = [
  { method: 'GET', path: '/get-session' },
  { method: 'POST', path: '/sign-out', endsSessions: true },
  { method: 'GET', path: '/list-sessions' },
  {
    method: 'POST',
    path: '/revoke-session',
    body: {
      schema: z.strictObject({ id: z.string().min(1) }),
      why: 'sessions-by-id.ts takes the id of one of the caller’s sessions in place of Better Auth’s token',
    },
    endsSessions: true,
  },
  { method: 'POST', path: '/revoke-sessions', endsSessions: true },
  { method: 'POST', path: '/revoke-other-sessions', endsSessions: true },
  { method: 'GET', path: '/ok' },
  { method: 'GET', path: '/error' },
  { method: 'POST', path: '/phone-number/send-otp' },
  {
    method: 'POST',
    path: '/phone-number/verify',
    body: {
      schema: z.strictObject({ phoneNumber: z.string().min(1), code: z.string().regex(/^\d{6}$/) }),
      why: 'phone-policy.ts takes the number and the code and refuses any other field',
    },
    refusalMayChange: {
      verification:
        'a wrong code is refused (400 INVALID_OTP) and spends one of the code’s three attempts, counted on ' +
        'the row that holds the code; an attempt past the third (403 TOO_MANY_ATTEMPTS) changes that row too',
    },
  },
  { method: 'POST', path: '/sign-in/social' },
  { method: 'GET', path: '/callback/:id' },
  { method: 'POST', path: '/callback/:id' },
  { method: 'GET', path: '/oauth-popup/start' },
];

export const routeLabel = (route: AuthRoute) => `${route.method} ${route.path}`;

/** What Better Auth declares for a route: its input schemas and the body types it reads. */
export interface AuthRouteSchema {
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  allowedMediaTypes: readonly string[];
}

interface BetterAuthEndpoint {
  path?: unknown;
  options?: {
    method?: string | string[];
    query?: z.core.$ZodType;
    body?: z.core.$ZodType;
    metadata?: { allowedMediaTypes?: string[] };
  };
}

/**
 * The routes this Better Auth instance defines that the server serves (sign-in-methods.ts), by
 * label, with their schemas. A path's `:param` is tried with a provider's id.
 */
export function servedAuthRoutes(auth: Auth, providerId: string): Map<string, AuthRouteSchema> {
  const served = new Map<string, AuthRouteSchema>();
  for (const endpoint of Object.values(auth.api as Record<string, BetterAuthEndpoint>)) {
    const { path, options } = endpoint ?? {};
    if (typeof path !== 'string' || !options) continue;
    const methods = [options.method ?? '*']
      .flat()
      .flatMap((method) => (method === '*' ? ['GET', 'POST'] : [method]));
    for (const method of methods) {
      if (!isServedAuthRoute(method, path.replace(/:\w+/g, providerId))) continue;
      served.set(`${method} ${path}`, {
        ...(options.query ? { query: options.query } : {}),
        ...(options.body ? { body: options.body } : {}),
        allowedMediaTypes: options.metadata?.allowedMediaTypes ?? ['application/json'],
      });
    }
  }
  return served;
}

/** The server reads auth bodies up to this size (routes.ts). */
const AUTH_BODY_LIMIT_BYTES = 64 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Path segments for a `:id`: mostly the providers the server offers, sometimes anything but. */
function pathSegments(providerIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...providerIds) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'github',
        'google',
        'apple',
        '__proto__',
        'constructor',
        'x'.repeat(300),
        '-',
        '_',
        '%00',
        '%ED%A0%80',
        '..',
        'a%2Fb',
      ),
    },
  );
}

/** Authorization headers a careless or malicious client sends, given the person's own token. */
function hostileAuthorizations(personToken: () => string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      'Bearer a%00b',
      'Bearer %00',
      'Bearer %ED%A0%80',
      'Bearer a%ED%A0%80.b',
      'Bearer %',
      'Bearer .',
      'Bearer a.b.c',
      `Bearer ${'a'.repeat(20_000)}`,
      'Bearer',
      'bearer  ',
      'Basic dXNlcjpwYXNzd29yZA==',
    ),
    fc
      .constantFrom(
        (token: string) => `Bearer ${token}%00`,
        (token: string) => `Bearer ${token.split('.')[0]}`,
        (token: string) => `Bearer ${token.split('.')[0]}.${'A'.repeat(43)}`,
        (token: string) => `Bearer ${encodeURIComponent(token)}`,
        (token: string) => `Bearer ${token} ${token}`,
      )
      .map((spoil) => spoil(personToken())),
  );
}

export interface AuthRequestOptions {
  knownValues: DeriveOptions['knownValues'];
  providerIds: readonly string[];
  personToken: () => string;
}

/**
 * Requests for one auth route, made as the registry's are (fuzz-requests.ts): GET input as a
 * query string and POST input as a JSON body, valid by Better Auth's own schema, spoiled or
 * hostile; signed in, signed out and with a token that names no session. Besides: a form body
 * where the route reads one (Apple's callback), hostile Authorization headers, and a path
 * parameter that is sometimes no provider at all.
 */
export function authRequestsFor(
  route: AuthRoute,
  schema: AuthRouteSchema,
  { knownValues, providerIds, personToken }: AuthRequestOptions,
): fc.Arbitrary<FuzzRequest> {
  const label = routeLabel(route);
  const body = route.body?.schema ?? schema.body;
  const target: FuzzTarget = {
    method: route.method,
    path: `/auth${route.path}`,
    auth: 'public',
    ...(schema.query ? { query: schema.query } : {}),
    ...(body ? { body } : {}),
    bodyLimitBytes: AUTH_BODY_LIMIT_BYTES,
  };
  const readsForms = route.method === 'POST' && schema.allowedMediaTypes.includes(FORM_TYPE);
  const requests = fc.oneof(
    { weight: 6, arbitrary: requestsFor(label, target, { knownValues }) },
    { weight: 2, arbitrary: unstorableRequests(label, target, knownValues) },
    ...(readsForms ? [{ weight: 2, arbitrary: formRequests(label, route, body, knownValues) }] : []),
  );
  const authorization = fc.oneof(
    { weight: 7, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: hostileAuthorizations(personToken) },
  );
  return fc
    .tuple(requests, pathSegments(providerIds), authorization)
    .map(
      ([request, segment, hostile]) =>
        new FuzzRequest(
          label,
          request.method,
          request.url.replace(/\/:\w+/, `/${segment}`),
          request.payload,
          request.contentType,
          hostile === undefined ? request.credential : 'hostile',
          request.kind,
          hostile,
        ),
    );
}

const credentials = fc.constantFrom<Credential>('none', 'person', 'garbage');

const validInput = (
  schema: z.core.$ZodType | undefined,
  where: string,
  knownValues: DeriveOptions['knownValues'],
) => (schema ? arbitraryFor(schema, { where, ...(knownValues ? { knownValues } : {}) }) : fc.constant({}));

/**
 * Valid input with one value made text no column can hold (a NUL, a lone surrogate), the input
 * Better Auth would otherwise take to the database: more often than the hostile mix gives it.
 */
function unstorableRequests(
  label: string,
  target: FuzzTarget,
  knownValues: DeriveOptions['knownValues'],
): fc.Arbitrary<FuzzRequest> {
  const context = { bodyLimitBytes: AUTH_BODY_LIMIT_BYTES };
  const url = `/api${target.path}`;
  if (target.method === 'GET') {
    const valid = validInput(target.query, `${label} query`, knownValues).map(queryPairsOf);
    return fc
      .tuple(mutatedQueries(valid, context, unstorableStrings.map(encodeQueryText)), credentials)
      .map(
        ([text, who]) =>
          new FuzzRequest(label, 'GET', `${url}?${text}`, undefined, undefined, who, 'mutated'),
      );
  }
  const valid = validInput(target.body, `${label} body`, knownValues);
  return fc
    .tuple(mutatedBodies(valid, context, unstorableStrings), credentials)
    .map(
      ([body, who]) =>
        new FuzzRequest(label, 'POST', url, jsonText(body), 'application/json', who, 'mutated'),
    );
}

/** Bodies as a browser posts a form (`key=value&…`), valid by the route's schema or spoiled. */
function formRequests(
  label: string,
  route: AuthRoute,
  schema: z.core.$ZodType | undefined,
  knownValues: DeriveOptions['knownValues'],
): fc.Arbitrary<FuzzRequest> {
  const pairs = validInput(schema, `${label} form`, knownValues).map(queryPairsOf);
  const text = fc.oneof(
    { weight: 2, arbitrary: pairs.map((valid) => ['valid' as const, queryText(valid)] as const) },
    {
      weight: 8,
      arbitrary: mutatedQueries(pairs, { bodyLimitBytes: AUTH_BODY_LIMIT_BYTES }).map(
        (spoiled) => ['mutated' as const, spoiled] as const,
      ),
    },
  );
  return fc
    .tuple(text, credentials)
    .map(
      ([[kind, body], who]) =>
        new FuzzRequest(label, 'POST', `/api/auth${route.path}`, body, FORM_TYPE, who, kind),
    );
}
