import { createFileRoute } from '@tanstack/react-router';
import { BrandsScreen } from '../features/brands/brands-screen';

export const Route = createFileRoute('/dashboard/brands/')({
  staticData: { screenType: 'Equipments' },
  component: BrandsScreen,
});
