import { createFileRoute } from '@tanstack/react-router';
import { brandExclusionsQueryOptions } from '../api/exclusions';
import { appQueryClient } from '../api/query-client';
import { BrandExclusionsScreen } from '../features/brand-exclusions/brand-exclusions-screen';
import { ExclusionsSubNav } from '../features/equipment-exclusions/exclusions-sub-nav';
import { tableSearchSchema } from '../ui/data-table/url-state';

/** docs/product.md#brand-exclusions (first variant), under the exclusions sub-nav. */
export const Route = createFileRoute('/dashboard/equipments/exclusions/brands')({
  staticData: { screenType: 'Equipments' },
  validateSearch: tableSearchSchema,
  loader: () => {
    const queryClient = appQueryClient();
    void queryClient.prefetchQuery(brandExclusionsQueryOptions());
  },
  component: BrandExclusionsRoute,
});

function BrandExclusionsRoute() {
  return <BrandExclusionsScreen variant="equipments" subNav={<ExclusionsSubNav />} />;
}
