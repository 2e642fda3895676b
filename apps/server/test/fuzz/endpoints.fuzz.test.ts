import { type Endpoint, endpoints } from '@stillpoint/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { randomIp } from '../support/auth';
import { type PersonWithData, personWithData } from '../support/person-with-data';
import { changedTables, type TableDigest, tableDigest } from '../support/table-digest';
import { answerProblem } from './answer-check';
import { createFuzzApp, type FuzzApp } from './fuzz-app';
import { type FuzzRequest, requestsFor } from './fuzz-requests';
import { FUZZ_TIMEOUT_MS, fuzzRunOptions } from './fuzz-runs';
import { knownValuesOf } from './known-values';

const GARBAGE_TOKEN = 'Bearer not-a-session-token';

/**
 * Every endpoint of core's registry that this server registers, fuzzed from its own schema (admin
 * calls as an admin): never a 5xx, always the JSON envelope, and a refused call (4xx) changes no row in any table. A new
 * endpoint is covered by being in the registry.
 */
describe('fuzzing every API endpoint', () => {
  let t: FuzzApp;
  let person: PersonWithData;

  beforeAll(async () => {
    t = await createFuzzApp();
  });
  afterAll(() => t?.close());

  const send = (request: FuzzRequest) => {
    const authorization =
      request.credential === 'person'
        ? `Bearer ${person.token}`
        : request.credential === 'garbage'
          ? GARBAGE_TOKEN
          : undefined;
    return t.app.inject({
      method: request.method,
      url: request.url,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      remoteAddress: randomIp(),
    });
  };

  it.for(Object.entries(endpoints) as [string, Endpoint][])(
    '%s: never a 5xx, always the envelope, no change on a 4xx',
    { timeout: FUZZ_TIMEOUT_MS },
    async ([name, endpoint], context) => {
      if (!t.app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` })) {
        context.skip(`${name} is not registered by this server`);
      }
      // A person of its own per endpoint: what one endpoint's fuzz deletes, the next still has.
      person = await personWithData(t.app, t.config.publicUrl);
      // Fuzzed as an admin, so admin calls reach their work; the 403 is api-authentication's.
      if (endpoint.auth === 'admin') t.makeAdmin(person.uid);
      const requests = requestsFor(name, endpoint, {
        knownValues: knownValuesOf(() => person, t.config),
      });
      let baseline: TableDigest = await tableDigest(t.database.db);
      t.takeServerError();

      const property = fc.asyncProperty(requests, async (request) => {
        const res = await send(request);
        const serverError = t.takeServerError();
        const problem = answerProblem(endpoint, res);
        if (problem) {
          const cause = res.statusCode >= 500 && serverError ? `\nserver error: ${serverError.stack}` : '';
          throw new Error(`${name} ${problem}: ${res.body.slice(0, 500)}${cause}`);
        }
        const after = await tableDigest(t.database.db);
        if (res.statusCode >= 400) {
          const changed = changedTables(baseline, after);
          if (changed.length > 0) {
            throw new Error(
              `${name} answered ${res.statusCode} but changed ${changed.join(', ')}: ${res.body.slice(0, 500)}`,
            );
          }
        }
        baseline = after;
        // A per-person limit ran out: carry on as someone new, who has data of their own.
        if (res.statusCode === 429 && endpoint.auth !== 'public') {
          person = await personWithData(t.app, t.config.publicUrl);
          if (endpoint.auth === 'admin') t.makeAdmin(person.uid);
          baseline = await tableDigest(t.database.db);
        }
      });
      await fc.assert(property, fuzzRunOptions);
    },
  );
});
