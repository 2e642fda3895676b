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
  const parsed = jsonBody(res);
  if (typeof parsed === 'string') return parsed;
  if (status < 300) {
    return successSchema(endpoint.response).safeParse(parsed.body).success
      ? null
      : `answered ${status} outside the success envelope of its response schema`;
  }
  return envelopeProblem(status, parsed.body);
}

/**
 * The same for a Better Auth route (/api/auth/*), whose answers are Better Auth's own: never a
 * 5xx; a success with a body (JSON, or the HTML of its error and popup pages); a redirect that
 * says where to; a refusal in JSON, as the API's envelope (the checks in front of Better Auth, the
 * rate limiter, an unserved route) or as Better Auth's `{ code, message }`, which its client reads.
 */
export function authAnswerProblem(res: LightMyRequestResponse): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 200) return `answered ${status}, neither a success nor a refusal`;
  if (status < 300) return res.body === '' ? `answered ${status} with an empty body` : null;
  if (status < 400) return res.headers.location ? null : `answered ${status} without a Location`;
  if (res.body === '') return `answered ${status} with an empty body`;
  const parsed = jsonBody(res);
  if (typeof parsed === 'string') return parsed;
  const body = parsed.body;
  // A body that says `success` is the envelope, and is held to it (the checks' refusals add `message`).
  if (body !== null && typeof body === 'object' && 'success' in body) return envelopeProblem(status, body);
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  const betterAuthShape =
    typeof message === 'string' && message !== '' && (code === undefined || typeof code === 'string');
  return betterAuthShape
    ? null
    : `answered ${status} neither in the envelope nor as Better Auth's { code, message }`;
}

function jsonBody(res: LightMyRequestResponse): { body: unknown } | string {
  const status = res.statusCode;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `answered ${status} as ${res.headers['content-type'] ?? 'no content type'}, not JSON`;
  }
  try {
    return { body: JSON.parse(res.body) as unknown };
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
}

/** Why a refusal's body is not the failure envelope with a code that fits its status, or null. */
function envelopeProblem(status: number, body: unknown): string | null {
  const failure = failureSchema.safeParse(body);
  if (!failure.success) return `answered ${status} outside the failure envelope`;
  const { code } = failure.data;
  // BAD_REQUEST also carries Fastify's 4xx that have no code of their own (a 415, say).
  const fits = errorStatus[code] === status || (code === 'BAD_REQUEST' && status < 500);
  return fits ? null : `answered ${status} with code ${code}, which belongs to ${errorStatus[code]}`;
}
