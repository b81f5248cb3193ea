import { z } from 'zod';
import { endpoint } from './endpoint';

/** GET /api/openapi.json: the API described for its users, generated from the routes the declarations made. */
export const openApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) });

/** In development, the interactive reference (Swagger UI) over that document; not an endpoint of the API. */
export const apiReferencePath = '/api/reference';

export const openApiApi = {
  document: endpoint({
    name: 'openapi.document',
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document: every endpoint with its parameters, bodies and answers.',
    answer: openApiDocument,
  }),
} as const;
