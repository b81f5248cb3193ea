import { createFileRoute } from '@tanstack/react-router';
import { BrandExclusionsScreen } from '../features/brand-exclusions/brand-exclusions-screen';

export const Route = createFileRoute('/dashboard/equipments/exclusions/brands')({
  staticData: { screenType: 'Equipments' },
  component: BrandExclusionsRoute,
});

function BrandExclusionsRoute() {
  return <BrandExclusionsScreen variant="equipments" />;
}
