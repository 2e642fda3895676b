import { describeIssues, type ErrorCode, errorStatus, fail, invalidInputMessage } from '@stillpoint/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

// Fastify's own 4xx errors, reworded for people; the raw codes mean nothing outside the server.
const fastifyErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'BAD_REQUEST',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large for this call.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The request body does not match its Content-Length.',
  },
};

const codeForStatus = (status: number): ErrorCode => {
  const match = (Object.entries(errorStatus) as [ErrorCode, number][]).find(([, value]) => value === status);
  if (match) return match[0];
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
};

function describeValidation(error: FastifyError): string {
  const context = error.validationContext ?? 'request';
  const issues = (error.validation ?? []).map((issue) => ({
    path: issue.instancePath.split('/').filter(Boolean),
    message: issue.message ?? 'is invalid',
  }));
  const described = describeIssues(issues) || 'it does not match the expected shape';
  return invalidInputMessage(context === 'querystring' ? 'query' : context, described);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // An outage behind the call (paymentsUnavailable): the team sees what the provider said.
      if (error.cause !== undefined) request.log.warn({ err: error.cause }, error.message);
      return reply.status(errorStatus[error.code]).send(fail(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send(fail('BAD_REQUEST', describeValidation(error)));
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) {
      return reply.status(errorStatus[known.code]).send(fail(known.code, known.message));
    }

    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(fail('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(fail(codeForStatus(status), error.message));
    }
    // Anything else is a bug or an outage: log everything, tell the person nothing internal.
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(fail('INTERNAL', INTERNAL_MESSAGE));
  });
}

/** Unmatched /api paths answer in the envelope; the web app's routes are handled in web-app.ts. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? request.url;
  return reply.status(404).send(fail('NOT_FOUND', `No API call ${request.method} ${path}.`));
}
