import { type Endpoint, errorStatus, failureSchema, successSchema } from '@stillpoint/core';
import type { LightMyRequestResponse } from 'fastify';

/**
 * What is wrong with an answer, or null: it must be the JSON envelope (success with data of the
 * endpoint's response schema, or a failure whose code fits its status) and never a 5xx.
 */
export function answerProblem(endpoint: Endpoint, res: LightMyRequestResponse): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 200 || (status >= 300 && status < 400))
    return `answered ${status}, neither a success nor a refusal`;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `answered ${status} as ${res.headers['content-type'] ?? 'no content type'}, not JSON`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  if (status < 300) {
    return successSchema(endpoint.response).safeParse(body).success
      ? null
      : `answered ${status} outside the success envelope of its response schema`;
  }
  const failure = failureSchema.safeParse(body);
  if (!failure.success) return `answered ${status} outside the failure envelope`;
  const { code } = failure.data;
  // BAD_REQUEST also carries Fastify's 4xx that have no code of their own (a 415, say).
  const fits = errorStatus[code] === status || (code === 'BAD_REQUEST' && status < 500);
  return fits ? null : `answered ${status} with code ${code}, which belongs to ${errorStatus[code]}`;
}
