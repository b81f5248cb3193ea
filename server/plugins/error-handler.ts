import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorAnswer } from '../../contract/http';
import {
  ConflictError,
  DomainError,
  InvalidInputError,
  NotFoundError,
  PaymentRequiredError,
  ProviderFailedError,
  UnavailableError,
  UnknownOperatorError,
} from '../domain-errors';
import { HttpError } from '../errors';
import { type InputIssue, validationAnswer } from '../validation-answer';

/** A zod issue as fastify-type-provider-zod hands it over: its path as `/a/0`, the rest of it in `params`. */
function inputIssue(entry: FastifySchemaValidationError): InputIssue {
  return {
    path: entry.instancePath === '/' ? [] : entry.instancePath.slice(1).split('/'),
    code: entry.keyword,
    message: entry.message ?? 'is invalid',
    errors: entry.params.errors as InputIssue['errors'],
  };
}

/** The HTTP status of each kind of domain error: the one place the domain meets HTTP. */
function statusOf(error: DomainError): number {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof InvalidInputError) return 422;
  if (error instanceof ConflictError) return 409;
  if (error instanceof PaymentRequiredError) return 402;
  if (error instanceof ProviderFailedError) return 502;
  if (error instanceof UnavailableError) return 503;
  if (error instanceof UnknownOperatorError) return 401;
  return 500;
}

/** Turns every failure into the one error shape `{ message, errors? }`; 5xx details never leave the server. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send(validationAnswer(error.validation.map(inputIssue)) satisfies ErrorAnswer);
    }
    if (error instanceof DomainError) {
      if (error instanceof ProviderFailedError) request.log.warn({ provider: error.details }, 'provider call failed');
      const body: ErrorAnswer = error.fields ? { message: error.message, errors: { ...error.fields } } : { message: error.message };
      return reply.status(statusOf(error)).send(body);
    }
    if (error instanceof HttpError) {
      const body: ErrorAnswer = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      return reply.status(error.statusCode).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.status(500).send({ message: 'Server Error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Server Error' });
    }
    // Fastify's own 4xx: malformed JSON, unsupported media type, body too large...
    const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The request body is not valid JSON.' : error.message;
    return reply.status(status).send({ message } satisfies ErrorAnswer);
  });
}

export default fp(errorHandler, { name: 'error-handler' });
