import { createFileRoute } from '@tanstack/react-router';
import { brandExclusionsQueryOptions } from '../api/exclusions';
import { appQueryClient } from '../api/query-client';
import { BrandExclusionsScreen } from '../features/brand-exclusions/brand-exclusions-screen';
import { tableSearchSchema } from '../ui/data-table/url-state';

/** docs/product.md#brand-exclusions: with Logo and Socials. */
export const Route = createFileRoute('/dashboard/brands/exclusions')({
  staticData: { screenType: 'Equipments' },
  validateSearch: tableSearchSchema,
  loader: () => {
    const queryClient = appQueryClient();
    void queryClient.prefetchQuery(brandExclusionsQueryOptions());
  },
  component: BrandExclusionsRoute,
});

function BrandExclusionsRoute() {
  return <BrandExclusionsScreen variant="brands" />;
}
