import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../contract/api';
import { MemoryStorage } from '../test/memory-storage';
import { startCannedServer } from '../test/canned-server';
import { fieldErrorsOf, formRefusalOf } from './field-errors';
import { call, configureHttp } from './http';

const draftFields = ['brand', 'year', 'tags'] as const;

describe("fieldErrorsOf: a refusal's errors by a form's fields", () => {
  it('keeps the first message of each field the form has, nested paths under their field', () => {
    expect(
      fieldErrorsOf(
        { year: ['The year must be 1800 or later.', 'Another.'], 'tags.2': ['Too long.'], 'tags.0': ['Also too long.'], id: ['Unknown.'] },
        draftFields,
      ),
    ).toEqual({ year: 'The year must be 1800 or later.', tags: 'Too long.' });
  });

  it('names no field for an answer without errors, or with none of the form', () => {
    expect(fieldErrorsOf(undefined, draftFields)).toEqual({});
    expect(fieldErrorsOf({ subcategory_id: ['Unknown.'] }, draftFields)).toEqual({});
  });

  it('skips an empty message for the next one', () => {
    expect(fieldErrorsOf({ brand: ['', 'The brand is required.'] }, draftFields)).toEqual({ brand: 'The brand is required.' });
  });
});

describe('formRefusalOf: what a failed call says to a form', () => {
  type Canned = Awaited<ReturnType<typeof startCannedServer>>;
  let server: Canned;
  beforeAll(async () => {
    server = await startCannedServer();
    configureHttp({ baseUrl: server.url, onUnauthorized: () => undefined });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    server.reset();
  });

  const rename = () => call(api.categories.renameCategory, { body: { id: 3, name: 'Drones' } }).catch((error: unknown) => error);

  it("a 422's fields, with the server's text", async () => {
    const message = 'A category named "Drones" already exists.';
    server.answer('POST /api/categories/update', { status: 422, body: { message, errors: { name: [message] } } });
    expect(formRefusalOf(await rename(), ['name'])).toEqual({ status: 422, fields: { name: message }, message });
  });

  it('a refusal that names no field of the form: its text alone', async () => {
    server.answer('POST /api/categories/update', { status: 404, body: { message: 'Category not found.' } });
    expect(formRefusalOf(await rename(), ['name'])).toEqual({ status: 404, fields: {}, message: 'Category not found.' });
  });

  it('no refusal for a server failure or an unreachable server', async () => {
    server.answer('POST /api/categories/update', { status: 500, body: { message: 'Server Error' } });
    expect(formRefusalOf(await rename(), ['name'])).toBeUndefined();
    expect(formRefusalOf(new TypeError('Failed to fetch'), ['name'])).toBeUndefined();
  });
});
