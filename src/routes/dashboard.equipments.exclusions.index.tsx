import { createFileRoute } from '@tanstack/react-router';
import { EquipmentExclusionsScreen } from '../features/equipment-exclusions/equipment-exclusions-screen';

export const Route = createFileRoute('/dashboard/equipments/exclusions/')({
  staticData: { screenType: 'Equipments' },
  component: EquipmentExclusionsScreen,
});
