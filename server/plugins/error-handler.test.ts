import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  PaymentRequiredError,
  ProviderFailedError,
  UnavailableError,
  UnknownOperatorError,
} from '../domain-errors';
import errorHandler from './error-handler';

/** Each domain error, thrown by a route as a service would throw it, and the answer the one mapping gives it. */
const cases = [
  { error: () => new NotFoundError('Brand'), status: 404, body: { message: 'Brand not found.' } },
  {
    error: () => new InvalidInputError('subcategory_id', 'The selected subcategory does not exist.'),
    status: 422,
    body: { message: 'The selected subcategory does not exist.', errors: { subcategory_id: ['The selected subcategory does not exist.'] } },
  },
  {
    error: () => new InvalidInputError('brands', 'These brands are not in Road: 7.', 'Not in Road: 7.'),
    status: 422,
    body: { message: 'These brands are not in Road: 7.', errors: { brands: ['Not in Road: 7.'] } },
  },
  {
    error: () => new ConflictError('A generation of the brands of Road is already in progress.'),
    status: 409,
    body: { message: 'A generation of the brands of Road is already in progress.' },
  },
  { error: () => new PaymentRequiredError('Insufficient tokens.'), status: 402, body: { message: 'Insufficient tokens.' } },
  {
    error: () => new ProviderFailedError('The payment provider failed.', { requestId: 'req_secret_detail' }),
    status: 502,
    body: { message: 'The payment provider failed.' },
  },
  {
    error: () => new UnavailableError('Payments are not configured on this server.'),
    status: 503,
    body: { message: 'Payments are not configured on this server.' },
  },
  { error: () => new UnknownOperatorError(7), status: 401, body: { message: 'Unauthenticated.' } },
] as const;

describe('the one place domain errors become HTTP answers', () => {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  beforeAll(async () => {
    await app.register(errorHandler);
    cases.forEach(({ error }, index) =>
      app.get(`/case/${index}`, async () => {
        throw error();
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(cases.map((c, index) => [c.error().name, index] as const))('%s', async (_name, index) => {
    const { status, body } = cases[index]!;
    const res = await app.inject({ url: `/case/${index}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  });

  it("logs a failed provider's details and never answers them", async () => {
    const index = cases.findIndex((c) => c.status === 502);
    const res = await app.inject({ url: `/case/${index}` });
    expect(res.body).not.toContain('req_secret_detail');
    expect(lines.join('')).toContain('req_secret_detail');
  });
});
