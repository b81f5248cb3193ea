import { MutationObserver, QueryClient, type MutationObserverOptions } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventsApi } from '../../contract/events';
import { preferencesApi, type Preferences } from '../../contract/preferences';
import { runsApi } from '../../contract/runs';
import { MemoryStorage } from '../test/memory-storage';
import { startCannedServer } from '../test/canned-server';
import { endpointMutationOptions } from './endpoint-mutation';
import { configureHttp } from './http';
import { keys } from './keys';

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

/** Runs one mutation as a hook would (the same options, TanStack's own observer), answering its outcome. */
function mutate<D, V>(queryClient: QueryClient, options: MutationObserverOptions<D, Error, V>, variables: NoInfer<V>) {
  return new MutationObserver(queryClient, options).mutate(variables);
}

describe('endpointMutationOptions', () => {
  it('calls the endpoint with the input made of the variables, then applies its staleness entry to the answer', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(keys.preferences(), { confirm_runs_from: 5 });
    server.answer('POST /api/preferences', { body: { confirm_runs_from: 100 } });

    const options = endpointMutationOptions(queryClient, preferencesApi.update, { input: (body: Preferences) => ({ body }) });
    await expect(mutate(queryClient, options, { confirm_runs_from: 99 })).resolves.toEqual({ confirm_runs_from: 100 });

    expect(server.seen.map(({ method, url, body }) => ({ method, url, body: JSON.parse(body) as unknown }))).toEqual([
      { method: 'POST', url: '/api/preferences', body: { confirm_runs_from: 99 } },
    ]);
    // The entry writes the preferences as the server stored them, not as they were sent.
    expect(queryClient.getQueryData(keys.preferences())).toEqual({ confirm_runs_from: 100 });

    // The variables are what the staleness entry reads as `sent`: a run's id is a number, and nothing else compiles.
    // @ts-expect-error runs.cancel's entry reads the run's id (a number), not a string.
    endpointMutationOptions(queryClient, runsApi.cancel, { input: (id: string) => ({ params: { id: Number(id) } }) });
    // @ts-expect-error without `input` the variables would be the call's input, which runs.cancel's entry does not read.
    endpointMutationOptions(queryClient, runsApi.cancel);
  });

  it('leaves the cache as it was when a `success` entry’s call fails', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(keys.preferences(), { confirm_runs_from: 5 });
    server.answer('POST /api/preferences', { status: 422, body: { message: 'Too large.', errors: { confirm_runs_from: ['Too large.'] } } });

    const options = endpointMutationOptions(queryClient, preferencesApi.update, { input: (body: Preferences) => ({ body }) });
    await expect(mutate(queryClient, options, { confirm_runs_from: 2_000_000_000 })).rejects.toThrow('Too large.');
    expect(queryClient.getQueryData(keys.preferences())).toEqual({ confirm_runs_from: 5 });
  });

  it('applies a `settled` entry after a failure too (a refused generate may still have set a status)', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(keys.events.ofCategory(7), { pages: [], pageParams: [] });
    queryClient.setQueryData(keys.events.ofCategory(8), { pages: [], pageParams: [] });
    server.answer('POST /api/events/generate', { status: 402, body: { message: 'Not enough tokens.' } });

    const options = endpointMutationOptions(queryClient, eventsApi.generate, {
      input: (categoryId: number) => ({ body: { category_id: categoryId } }),
    });
    await expect(mutate(queryClient, options, 7)).rejects.toThrow('Not enough tokens.');

    expect(JSON.parse(server.seen[0]!.body)).toEqual({ category_id: 7 });
    expect(queryClient.getQueryState(keys.events.ofCategory(7))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(keys.events.ofCategory(8))?.isInvalidated).toBe(false);
  });
});
