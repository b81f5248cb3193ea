import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { EquipmentsScreen } from '../features/equipments/equipments-screen';
import { tableSearchSchema } from '../ui/data-table/url-state';

/**
 * The Equipments screen. Its search params: `items`, the subcategory whose Equipment Details dialog is open, and that
 * grid's sort and quick filter (`sort`, `dir`, `q`). A bad value is dropped, never an error page.
 */
const equipmentsSearch = tableSearchSchema.extend({
  items: z.coerce.number().int().positive().optional().catch(undefined),
});

export const Route = createFileRoute('/dashboard/equipments/')({
  staticData: { screenType: 'Equipments' },
  validateSearch: equipmentsSearch,
  component: EquipmentsScreen,
});
