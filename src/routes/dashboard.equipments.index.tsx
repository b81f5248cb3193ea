import { createFileRoute } from '@tanstack/react-router';
import { EquipmentsScreen } from '../features/equipments/equipments-screen';

export const Route = createFileRoute('/dashboard/equipments/')({
  staticData: { screenType: 'Equipments' },
  component: EquipmentsScreen,
});
