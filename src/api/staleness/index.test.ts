import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../contract/api';
import { realtimeEvents } from '../../../contract/realtime';
import { eventStaleness, mutationStaleness } from './index';

describe('the staleness map', () => {
  it('has an entry for every endpoint that changes something, and only those', () => {
    const mutations = allEndpoints.filter((e) => e.method !== 'GET').map((e) => e.name);
    expect(Object.keys(mutationStaleness).sort()).toEqual(mutations.sort());
  });

  it('has an entry for every realtime event of the contract', () => {
    expect(Object.keys(eventStaleness).sort()).toEqual(Object.values(realtimeEvents).sort());
  });
});
