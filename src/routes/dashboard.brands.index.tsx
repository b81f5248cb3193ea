import { createFileRoute } from '@tanstack/react-router';
import { BrandsScreen } from '../features/brands/brands-screen';
import { tableSearchSchema } from '../ui/data-table/url-state';

export const Route = createFileRoute('/dashboard/brands/')({
  staticData: { screenType: 'Equipments' },
  // The grid's sort and quick filter (?sort=&dir=&q=).
  validateSearch: tableSearchSchema,
  component: BrandsScreen,
});
