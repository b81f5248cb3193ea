import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorAnswer } from '../../contract/http';
import { HttpError } from '../errors';

/** Turns every failure into the one error shape `{ message, errors? }`; 5xx details never leave the server. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (errors[field] ??= []).push(issue.message ?? 'is invalid');
      }
      const first = error.validation[0]?.message ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors } satisfies ErrorAnswer);
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
