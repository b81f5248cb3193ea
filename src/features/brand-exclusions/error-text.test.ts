import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exclusionErrorText, unexcludeBrand } from '../../api/exclusions';
import { configureHttp } from '../../api/http';
import { startCannedServer } from '../../test/canned-server';
import { MemoryStorage } from '../../test/memory-storage';

type Canned = Awaited<ReturnType<typeof startCannedServer>>;
let server: Canned;

beforeAll(async () => {
  server = await startCannedServer();
  configureHttp({ baseUrl: server.url, onUnauthorized: () => {} });
});
afterAll(() => server.close());
beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  server.reset();
});
afterEach(() => vi.unstubAllGlobals());

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('exclusionErrorText', () => {
  it("prefixes the server's message with 'Error: '", async () => {
    server.answer('DELETE /api/brands/exclusions/9', { status: 404, body: { message: 'Brand not found.' } });
    expect(exclusionErrorText(await failureOf(unexcludeBrand(9)), 'fallback')).toBe('Error: Brand not found.');
  });

  it('falls back when the server gave no usable message', async () => {
    server.answer('DELETE /api/brands/exclusions/9', { status: 500, body: { message: 'Internal Server Error' } });
    expect(exclusionErrorText(await failureOf(unexcludeBrand(9)), 'fallback')).toBe('fallback');
    server.answer('DELETE /api/brands/exclusions/9', { status: 502, body: '<html>Bad gateway</html>', raw: true });
    expect(exclusionErrorText(await failureOf(unexcludeBrand(9)), 'fallback')).toBe('fallback');
    expect(exclusionErrorText(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
