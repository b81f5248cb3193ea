import { createFileRoute } from '@tanstack/react-router';
import { equipmentExclusionsQueryOptions } from '../api/exclusions';
import { appQueryClient } from '../api/query-client';
import { EquipmentExclusionsScreen } from '../features/equipment-exclusions/equipment-exclusions-screen';
import { tableSearchSchema } from '../ui/data-table/url-state';

export const Route = createFileRoute('/dashboard/equipments/exclusions/')({
  staticData: { screenType: 'Equipments' },
  // Sort and quick filter of the grid (?sort=&dir=&q=).
  validateSearch: tableSearchSchema,
  loader: () => {
    const queryClient = appQueryClient();
    // Warm the list without waiting: the screen shows its own loading and failure states.
    void queryClient.prefetchQuery(equipmentExclusionsQueryOptions());
  },
  component: EquipmentExclusionsScreen,
});
