import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, api } from './api';
import { pathOf } from './endpoint';
import { realtimeEvents } from './realtime';

describe('the endpoint table', () => {
  it('names each endpoint after its resource and key, once', () => {
    for (const [resource, table] of Object.entries(api)) {
      for (const [key, declaration] of Object.entries(table)) expect(declaration.name).toBe(`${resource}.${key}`);
    }
    expect(new Set(allEndpoints.map((e) => e.name)).size).toBe(allEndpoints.length);
  });

  it('declares each method and path once', () => {
    const routes = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares exactly the path parameters its path names', () => {
    for (const declaration of allEndpoints) {
      const inPath = [...declaration.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = declaration.params instanceof z.ZodObject ? Object.keys(declaration.params.shape).sort() : [];
      expect(declared, declaration.name).toEqual(inPath);
    }
  });

  it('announces only events the realtime contract has, and only from mutations', () => {
    const known = new Set<string>(Object.values(realtimeEvents));
    for (const declaration of allEndpoints) {
      for (const event of declaration.announces ?? []) expect(known.has(event), `${declaration.name}: ${event}`).toBe(true);
      if (declaration.method === 'GET') expect(declaration.announces, declaration.name).toBeUndefined();
    }
  });

  it('builds a call path from its parameters, encoded, and refuses a missing one', () => {
    expect(pathOf(api.brands.show, { id: 12 })).toBe('/api/brands/12');
    expect(pathOf(api.paymentMethods.remove, { id: 'pm_a/b' })).toBe('/api/payment-methods/pm_a%2Fb');
    expect(pathOf(api.exclusions.unexcludeEquipmentByName)).toBe('/api/equipments/exclusions/{id}');
    expect(() => pathOf(api.brands.show)).toThrow(/id is missing/);
  });
});
