import { brandsApi, type Brand } from '../../contract/brands';
import { call } from './http';

/**
 * GET /api/brands/{id}, for the realtime `updatebrand` (docs/product.md#live-updates). Kept here until
 * src/api/brands.ts has a detail fetcher of its own; then the bridge passes that one.
 */
export async function fetchBrand(id: number): Promise<Brand> {
  const answer = await call(brandsApi.show, { params: { id } });
  return answer.brand;
}
