import { createFileRoute } from '@tanstack/react-router';
import { EventsScreen } from '../features/events/events-screen';
import { tableSearchSchema } from '../ui/data-table/url-state';

export const Route = createFileRoute('/dashboard/events')({
  staticData: { screenType: 'Events' },
  // The grid's sort and quick filter (?sort=&dir=&q=).
  validateSearch: tableSearchSchema,
  component: EventsScreen,
});
