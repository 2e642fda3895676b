import { bodyLimitOf, type Endpoint } from '@stillpoint/core';
import fc from 'fast-check';
import type { z } from 'zod';
import { mutatedQueries, queryPairsOf, queryText } from './hostile-query';
import { hostileBodies, hostileValue, mutatedBodies } from './hostile-values';
import { jsonText, printable } from './json-text';
import { arbitraryFor, type DeriveOptions } from './schema-arbitrary';

/**
 * Who a request is sent as: the person with data, nobody, a token that names no session, or a
 * hostile Authorization header (the request carries it).
 */
export type Credential = 'person' | 'none' | 'garbage' | 'hostile';

/** How the input was made, for the report: as the schema describes it, spoiled, or hostile outright. */
export type InputKind = 'valid' | 'mutated' | 'hostile';

/** One request to send, printed readably (and briefly) when fast-check reports it. */
export class FuzzRequest {
  constructor(
    readonly endpointName: string,
    readonly method: 'GET' | 'POST',
    readonly url: string,
    readonly payload: string | undefined,
    readonly contentType: string | undefined,
    readonly credential: Credential,
    readonly kind: InputKind,
    /** The Authorization header a `hostile` credential sends. */
    readonly authorization?: string,
  ) {}

  [fc.toStringMethod](): string {
    const body =
      this.payload === undefined
        ? ''
        : `\n  content-type ${this.contentType}, body of ${Buffer.byteLength(this.payload)} bytes: ${printable(this.payload)}`;
    const who =
      this.authorization === undefined
        ? this.credential
        : `${this.credential} ${printable(this.authorization)}`;
    return `${this.endpointName} (${this.kind} input, as ${who}): ${this.method} ${printable(this.url)}${body}`;
  }
}

export interface RequestOptions {
  knownValues: DeriveOptions['knownValues'];
}

/**
 * What requests are made from: a registry endpoint, or a call described the same way (a Better
 * Auth route, whose schemas are zod's full form rather than the registry's `zod/mini`).
 */
export type FuzzTarget = Pick<Endpoint, 'method' | 'path' | 'auth' | 'bodyLimitBytes'> & {
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
};

/**
 * Requests for one endpoint: GET input as a query string, POST input as a JSON body. Mostly
 * spoiled or hostile input, with some that the schema accepts so the handler's own work is fuzzed
 * too. Public endpoints are called signed in, signed out and with a token that names no session.
 */
export function requestsFor(
  name: string,
  endpoint: FuzzTarget,
  { knownValues }: RequestOptions,
): fc.Arbitrary<FuzzRequest> {
  const context = { bodyLimitBytes: bodyLimitOf(endpoint) };
  const schema = endpoint.method === 'GET' ? endpoint.query : endpoint.body;
  const where = `${name} ${endpoint.method === 'GET' ? 'query' : 'body'}`;
  const valid = schema
    ? arbitraryFor(schema, { where, ...(knownValues ? { knownValues } : {}) })
    : fc.constant({});
  const credential: fc.Arbitrary<Credential> =
    endpoint.auth === 'user' ? fc.constant('person') : fc.constantFrom('none', 'person', 'garbage');
  const url = `/api${endpoint.path}`;

  if (endpoint.method === 'GET') {
    const validPairs = valid.map(queryPairsOf);
    const query = fc.oneof(
      { weight: 2, arbitrary: validPairs.map((pairs) => ['valid' as const, queryText(pairs)] as const) },
      {
        weight: 8,
        arbitrary: mutatedQueries(validPairs, context).map((text) => ['mutated' as const, text] as const),
      },
    );
    return fc
      .tuple(query, credential)
      .map(
        ([[kind, text], who]) =>
          new FuzzRequest(name, 'GET', text ? `${url}?${text}` : url, undefined, undefined, who, kind),
      );
  }

  const body = fc.oneof(
    { weight: 2, arbitrary: valid.map((value) => ['valid' as const, jsonText(value)] as const) },
    {
      weight: 6,
      arbitrary: mutatedBodies(valid, context).map((value) => ['mutated' as const, jsonText(value)] as const),
    },
    {
      weight: 1,
      arbitrary: hostileValue(context).map((value) => ['hostile' as const, jsonText(value)] as const),
    },
    { weight: 1, arbitrary: hostileBodies.map((value) => ['hostile' as const, jsonText(value)] as const) },
  );
  const contentType = fc.oneof(
    { weight: 19, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
    },
  );
  return fc
    .tuple(body, contentType, credential)
    .map(([[kind, payload], type, who]) => new FuzzRequest(name, 'POST', url, payload, type, who, kind));
}
