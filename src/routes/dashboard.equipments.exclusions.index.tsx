import { createFileRoute } from '@tanstack/react-router';
import { equipmentExclusionsQueryOptions } from '../api/exclusions';
import { EquipmentExclusionsScreen } from '../features/equipment-exclusions/equipment-exclusions-screen';
import { tableSearchSchema } from '../ui/data-table/url-state';

export const Route = createFileRoute('/dashboard/equipments/exclusions/')({
  staticData: { screenType: 'Equipments' },
  // Sort and quick filter of the grid (?sort=&dir=&q=).
  validateSearch: tableSearchSchema,
  loader: ({ context: { queryClient } }) => {
    // Warm the list without waiting: the screen shows its own loading and failure states.
    void queryClient.prefetchQuery(equipmentExclusionsQueryOptions());
  },
  component: EquipmentExclusionsScreen,
});
